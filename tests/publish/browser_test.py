#!/usr/bin/python3
"""The published web archive in a real browser (headless Chromium through chromedriver).

Builds an archive from round_robin.pgn, publishes it with `othello-db publish`, then drives the
site from file:// with no browser flag beyond --no-sandbox (needed to run Chromium as root): the
game page steps with keys, buttons, the move list and the disc graph, and its board is compared
disc by disc with `othello-db replay` at several plies, the pass included; the event page's
crosstable cell of a pair that met twice opens the right games; hostile names show as text and
no alert fires; screenshots are saved in WORKDIR. A missing browser is a failure, not a skip.

    browser_test.py --cli othello-db --fixture round_robin.pgn --workdir DIR
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import urllib.parse

FAILURES = []


def check(condition, message):
    if condition:
        print('ok:', message)
    else:
        print('FAIL:', message)
        FAILURES.append(message)


def run(cli, *args, expect=0):
    p = subprocess.run([cli, *args], capture_output=True, text=True)
    if p.returncode != expect:
        sys.exit(f'error: {" ".join(args)} exited {p.returncode}, expected {expect}:\n'
                 f'{p.stdout}{p.stderr}')
    return p


DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
NAMES = [f + r for r in '12345678' for f in 'abcdefgh']


def lines_of(board, player, sq):
    """The lines `player` outflanks from `sq`: (far end, discs) each."""
    if board[sq]:
        return []
    r, c = divmod(sq, 8)
    out = []
    for dr, dc in DIRS:
        line, rr, cc = [], r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == 3 - player:
            line.append(rr * 8 + cc)
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == player:
            out.append((rr * 8 + cc, line))
    return out


def random_reversi_game(seed):
    """A finished classic Reversi game (placements d5 d4 e4 e5 in some order, then one line
    flipped a move, chosen at random; a move with a choice written c4>e6) and how many choices
    it made. Written here, apart from core and game.js, so each is checked against another."""
    import random
    rng = random.Random(seed)
    board, player, moves, choices = [0] * 64, 1, [], 0
    first = rng.choice([(35, 28), (28, 35)])  # black's diagonal: d5-e4 (cross) either order
    for sq in (first[0], 27, first[1], 36):  # white takes d4 then e5
        board[sq] = player
        moves.append(NAMES[sq])
        player = 3 - player
    while True:
        legal = [(s, l) for s in range(64) for l in lines_of(board, player, s)]
        if not legal:
            if not any(lines_of(board, 3 - player, s) for s in range(64)):
                break
            moves.append('pa')
            player = 3 - player
            continue
        sq, (end, discs) = rng.choice(legal)
        several = len(lines_of(board, player, sq)) > 1
        choices += several
        for d in discs:
            board[d] = player
        board[sq] = player
        moves.append(NAMES[sq] + ('>' + NAMES[end] if several else ''))
        player = 3 - player
    return moves, choices, board.count(1), board.count(2)


def start_browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        sys.exit(f'error: python3-selenium is missing ({e}); install the Debian package '
                 'python3-selenium and run this with /usr/bin/python3')
    for path in ('/usr/bin/chromium', '/usr/bin/chromedriver'):
        if not os.path.exists(path):
            sys.exit(f'error: {path} is missing: install the Debian packages chromium and '
                     'chromium-driver (the browser tests never skip)')
    options = webdriver.ChromeOptions()
    options.binary_location = '/usr/bin/chromium'
    options.add_argument('--headless=new')
    options.add_argument('--window-size=1280,1100')
    if os.geteuid() == 0:
        options.add_argument('--no-sandbox')  # Chromium refuses to run as root otherwise
    options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    return webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)


def board_in_page(driver):
    """The board as shown: 64 characters X/O/- from a1, read from the discs' classes."""
    return driver.execute_script("""
        var out = '';
        document.querySelectorAll('#board .square').forEach(function (s) {
          var d = s.querySelector('.disc');
          out += d.classList.contains('black') ? 'X' : d.classList.contains('white') ? 'O' : '-';
        });
        return out;""")


def ply_in_page(driver):
    return int(driver.find_element('css selector', 'body').get_attribute('data-ply'))


def wait_ready(driver):
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script(
            "return document.body.getAttribute('data-ready') === 'true' || "
            "!document.getElementById('game-error').hidden"))


def no_alert(driver):
    from selenium.common.exceptions import NoAlertPresentException
    try:
        text = driver.switch_to.alert.text
        return f'an alert fired: {text}'
    except NoAlertPresentException:
        return ''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cli', required=True)
    ap.add_argument('--fixture', required=True)
    ap.add_argument('--workdir', required=True)
    ap.add_argument('--problems', required=True, help='the booklet puzzles (samples/problems)')
    a = ap.parse_args()
    work = os.path.abspath(a.workdir)
    os.makedirs(work, exist_ok=True)
    db = os.path.join(work, 'archive.sqlite')
    site = os.path.join(work, 'site')
    for p in (db, db + '-wal', db + '-shm'):
        if os.path.exists(p):
            os.remove(p)
    shutil.rmtree(site, ignore_errors=True)
    env_db = ['--db', db]
    run(a.cli, 'import', *env_db, a.fixture)
    # A classic Reversi game among the casual games: placements, one line a move, discs scored.
    reversi_moves, reversi_choices, rb, rw = random_reversi_game(28)
    check(reversi_choices >= 5, f'the Reversi game chooses among lines {reversi_choices} times')
    run(a.cli, 'add', *env_db, '--rules', 'reversi', '--moves', ' '.join(reversi_moves),
        '--event', 'Casual games', '--date', '2024', '--black', 'Pointed', '--white', 'Round',
        '--result', f'{rb}-{rw}')
    # The booklet's puzzles as a problem set (a page per set, judged at publish time).
    run(a.cli, '--db', db, 'problems', 'import', a.problems)
    out = json.loads(run(a.cli, 'publish', *env_db, '-o', site, '--json').stdout)
    check(out['events'] == 2 and out['games'] == 22, f'publish wrote 2 events, 22 games: {out}')
    check(out['players'] > 0, f'publish wrote player pages: {out}')
    for root, _, files in os.walk(site):
        for name in files:
            with open(os.path.join(root, name), encoding='utf-8') as f:
                content = f.read()
            check('fetch(' not in content and 'XMLHttpRequest' not in content and
                  'https://' not in content, f'{name}: no fetch, no XMLHttpRequest, no https URL')
    refused = run(a.cli, 'publish', *env_db, '-o', site, expect=2)
    check('--force' in refused.stderr, 'a second publish into the folder is refused without --force')
    run(a.cli, 'publish', *env_db, '-o', site, '--force')

    events = json.loads(run(a.cli, 'events', *env_db, '--json').stdout)['events']
    cup = next(e for e in events if e['is_tournament'])
    event = json.loads(run(a.cli, 'event', *env_db, str(cup['id']), '--json').stdout)
    games = json.loads(run(a.cli, 'search', *env_db, '--limit', '-1', '--json').stdout)['games']
    by_id = {g['id']: g for g in games}

    def expected_board(game, ply, start=None):
        moves = ''.join(game['moves']) or '""'
        extra = ['--from', start] if start else []
        r = json.loads(run(a.cli, 'replay', moves, '--ply', str(ply), *extra, '--json').stdout)
        return r['board']

    def url(rel):
        return 'file://' + urllib.parse.quote(os.path.join(site, rel.split('?')[0])) + \
            ('?' + rel.split('?', 1)[1] if '?' in rel else '')

    driver = start_browser()
    try:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        body = lambda: driver.find_element('css selector', 'body')

        # The game with a pass, stepped through every way.
        passed = next(g for g in games if g['passes'] > 0 and g['event'] == event['events'][0]['name'])
        plies = len(passed['moves']) + passed['passes']
        driver.get(url(f'game.html?event={cup["id"]}&game={passed["id"]}'))
        wait_ready(driver)
        check(driver.find_element('id', 'game-error').get_attribute('hidden') is not None,
              'the game page loads its data from file:// with no error shown')
        check(ply_in_page(driver) == 0 and board_in_page(driver) == expected_board(passed, 0),
              'the board starts at the start position')
        for _ in range(5):
            body().send_keys(Keys.ARROW_RIGHT)
        check(ply_in_page(driver) == 5 and board_in_page(driver) == expected_board(passed, 5),
              'Right arrow x5: ply 5, board as `othello-db replay --ply 5`')
        body().send_keys(Keys.ARROW_LEFT)
        check(ply_in_page(driver) == 4 and board_in_page(driver) == expected_board(passed, 4),
              'Left arrow: ply 4')
        body().send_keys(Keys.END)
        check(ply_in_page(driver) == plies and board_in_page(driver) == expected_board(passed, plies),
              f'End: the last ply ({plies}), the final board')
        check(driver.execute_script(
            "var a = document.querySelector('#moves a.current').getBoundingClientRect();"
            "var b = document.getElementById('moves').getBoundingClientRect();"
            "return a.top >= b.top && a.bottom <= b.bottom;"),
              'the move list scrolls the current move into view')
        body().send_keys(Keys.HOME)
        check(ply_in_page(driver) == 0, 'Home: back to the start')
        body().send_keys(Keys.PAGE_DOWN)
        check(ply_in_page(driver) == 10 and board_in_page(driver) == expected_board(passed, 10),
              'Page Down: ten plies on')
        driver.find_element('id', 'btn-forward').click()
        driver.find_element('id', 'btn-forward').click()
        driver.find_element('id', 'btn-back').click()
        check(ply_in_page(driver) == 11 and board_in_page(driver) == expected_board(passed, 11),
              'buttons forward x2, back: ply 11')
        driver.find_element('id', 'btn-end').click()
        check(ply_in_page(driver) == plies, 'button end')
        driver.find_element('id', 'btn-start').click()
        check(ply_in_page(driver) == 0, 'button start')
        # The pass: its ply in the move list.
        pass_links = driver.find_elements('css selector', '#moves a.move.pass')
        check(len(pass_links) == passed['passes'], f'the move list shows {passed["passes"]} pass(es)')
        pass_ply = int(pass_links[0].get_attribute('data-ply'))
        driver.execute_script('arguments[0].scrollIntoView({block: "center"})', pass_links[0])
        pass_links[0].click()
        check(ply_in_page(driver) == pass_ply and
              board_in_page(driver) == expected_board(passed, pass_ply) and
              'passes' in driver.find_element('id', 'status').text,
              f'clicking the pass in the move list: ply {pass_ply}, board as the engine\'s')
        driver.find_element('css selector', f'#moves a[data-ply="{pass_ply + 1}"]').click()
        check(board_in_page(driver) == expected_board(passed, pass_ply + 1),
              'the move after the pass')
        # The disc graph: a click at three quarters of its width.
        svg = driver.find_element('css selector', '#graph svg')
        width = svg.size['width']
        driver.execute_script('arguments[0].scrollIntoView({block: "center"})', svg)
        ActionChains(driver).move_to_element_with_offset(svg, int(width * 0.25), 0).click().perform()
        target = ply_in_page(driver)
        check(abs(target - round(plies * 0.75)) <= 2 and
              board_in_page(driver) == expected_board(passed, target),
              f'a click on the disc graph at 3/4 jumps to ply {target} of {plies}')
        driver.execute_script('window.scrollTo(0, 0)')
        body().send_keys(Keys.HOME)
        for _ in range(20):
            body().send_keys(Keys.ARROW_RIGHT)
        driver.save_screenshot(os.path.join(work, 'publish-game.png'))
        resources = driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll("
            "'script[src], link[href], img[src], iframe[src]'), function (e) {"
            " return e.src || e.href; })")
        check(resources and all(r.startswith('file://') for r in resources),
              f'every script and style is a local file: {resources}')
        severe = [e for e in driver.get_log('browser') if e['level'] == 'SEVERE']
        check(not severe, f'no error in the console: {severe}')

        # The event page: the crosstable cell of a pair that met twice opens both games.
        driver.get(url(f'events/{cup["id"]}.html'))
        check(driver.find_element('tag name', 'h1').text == 'Spring Cup <b>&amp;</b> 2024',
              'the event\'s name with markup shows as text')
        names = [p['player'] for p in event['standings']]
        twice = next(c for c in event['crosstable'] if len(c['games']) == 2)
        row = names.index(twice['player'])
        column = names.index(twice['opponent'])
        rows = driver.find_elements('css selector', 'table.crosstable tbody tr')
        row_name = rows[row].find_element('css selector', 'td.name').text
        check(row_name == twice['player'], f'crosstable row {row + 1} is {row_name!r}')
        cell = rows[row].find_elements('css selector', 'td')[2 + column]
        links = cell.find_elements('tag name', 'a')
        check(len(links) == 2, f'the cell of {twice["player"]!r} v {twice["opponent"]!r} links both games')
        driver.save_screenshot(os.path.join(work, 'publish-event.png'))
        for k, game_id in enumerate(twice['games']):
            rows = driver.find_elements('css selector', 'table.crosstable tbody tr')
            link = rows[row].find_elements('css selector', 'td')[2 + column].find_elements('tag name', 'a')[k]
            driver.execute_script('arguments[0].scrollIntoView({block: "center"})', link)
            link.click()
            wait_ready(driver)
            query = urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)
            g = by_id[game_id]
            title = driver.find_element('id', 'game-title').text
            check(query.get('game') == [str(game_id)] and
                  title == f'{g["black"]} – {g["white"]}' and
                  f'game #{game_id}' in driver.find_element('id', 'game-meta').text,
                  f'cell link {k + 1} opens game {game_id}: {title!r}')
            driver.back()

        # Hostile names: text, never markup or script.
        hostile = next(g for g in games if g['black'] == '<script>alert(1)</script>' or
                       g['white'] == '<script>alert(1)</script>')
        driver.get(url(f'game.html?event={cup["id"]}&game={hostile["id"]}'))
        wait_ready(driver)
        check(not no_alert(driver), 'no alert on the game page of <script>alert(1)</script>')
        check('<script>alert(1)</script>' in driver.find_element('id', 'game-title').text,
              'the name <script>alert(1)</script> shows as text in the title')
        driver.get(url(f'events/{cup["id"]}.html'))
        text = driver.find_element('tag name', 'main').text
        check(not no_alert(driver), 'no alert on the event page')
        check('<script>alert(1)</script>' in text and '</script><b>x' in text,
              'both hostile names show as text on the event page')
        check(driver.execute_script("return document.querySelectorAll('main b, main script').length") == 0,
              'no element comes from a name (no <b>, no <script> in the page body)')
        closing = next(g for g in games if '</script><b>x' in (g['black'], g['white']))
        driver.get(url(f'game.html?event={cup["id"]}&game={closing["id"]}'))
        wait_ready(driver)
        check('</script><b>x' in driver.find_element('id', 'game-title').text and
              driver.execute_script("return document.querySelectorAll('main b').length") == 0,
              'the name </script><b>x shows as text on its game page')

        # The unfinished game without a result shows "*".
        unfinished = next(g for g in games if not g['result_known'])
        driver.get(url(f'game.html?event={cup["id"]}&game={unfinished["id"]}'))
        wait_ready(driver)
        check(driver.find_element('id', 'result').text == 'Result: *',
              'the unfinished game without a result shows "*"')
        body().send_keys(Keys.END)
        n = len(unfinished['moves']) + unfinished['passes']
        check(board_in_page(driver) == expected_board(unfinished, n),
              f'the unfinished game ends at ply {n} with the engine\'s board')

        # A handicap game: its own start, and the moves replayed from it.
        casual = next(e for e in events if not e['is_tournament'])
        handicap = next(json.loads(run(a.cli, 'show', *env_db, str(g['id']), '--json').stdout)
                        for g in games if g['event'] == 'Casual games' and g['black'] == 'Zoë Ünal')
        start = handicap['start']
        driver.get(url(f'game.html?event={casual["id"]}&game={handicap["id"]}'))
        wait_ready(driver)
        check(board_in_page(driver) == start.split()[0] == expected_board(handicap, 0, start),
              'the handicap game starts from its own board (four black corners)')
        for k in (1, 7, len(handicap['moves'])):
            driver.get(url(f'game.html?event={casual["id"]}&game={handicap["id"]}&ply={k}'))
            wait_ready(driver)
            check(ply_in_page(driver) == k and
                  board_in_page(driver) == expected_board(handicap, k, start),
                  f'the handicap game at ply {k} (?ply={k}), as `othello-db replay --from`')

        meta = driver.find_element('id', 'game-meta').text
        check('handicap corners a1h1a8h8 to black' in meta,
              f'the handicap game is shown as one (its rules in the page: {meta})')

        # The classic Reversi game: placements, one-line moves, as `othello-db replay --rules`.
        reversi = next(json.loads(run(a.cli, 'show', *env_db, str(g['id']), '--json').stdout)
                       for g in games if g['black'] == 'Pointed')
        check(reversi['rules'] == 'reversi', f'the Reversi game is stored as such: {reversi["rules"]}')

        def reversi_board(ply):
            r = json.loads(run(a.cli, 'replay', '--rules', 'reversi', ' '.join(reversi_moves),
                               '--ply', str(ply), '--json').stdout)
            return r['board']
        chosen = [k + 1 for k, m in enumerate(reversi_moves) if '>' in m]
        for k in (0, 2, 4, chosen[0], chosen[-1], len(reversi_moves)):
            driver.get(url(f'game.html?event={casual["id"]}&game={reversi["id"]}&ply={k}'))
            wait_ready(driver)
            check(ply_in_page(driver) == k and board_in_page(driver) == reversi_board(k),
                  f'the Reversi game at ply {k}, as `othello-db replay --rules reversi`')
        meta = driver.find_element('id', 'game-meta').text
        check('classic Reversi' in meta, f'the Reversi game says its rules: {meta}')
        shown = [e.text for e in driver.find_elements('css selector', '#moves a.move')]
        check(shown == [m if m != 'pa' else 'pass' for m in reversi_moves],
              'the move list shows the placements and each chosen line (c4>e6)')
        check(driver.find_element('id', 'result').text == f'Result: {rb}-{rw}',
              f'the Reversi game\'s result is its disc count {rb}-{rw}')
        driver.save_screenshot(os.path.join(work, 'publish-reversi.png'))

        # A player's page (issue 30), reached from the event page: the figures of
        # `player --json`, the archive rating drawn as inline SVG, links to games and events.
        leader = event['standings'][0]['player']
        profile = json.loads(run(a.cli, 'player', *env_db, leader, '--json').stdout)
        driver.get(url(f'events/{cup["id"]}.html'))
        driver.find_element('css selector', 'a.player[href$="players/%d.html"]' % profile['player']['id']).click()
        check(driver.current_url.endswith(f'players/{profile["player"]["id"]}.html'),
              f'the event page links {leader!r} to the player page: {driver.current_url}')
        text = driver.find_element('tag name', 'main').text
        check(driver.find_element('tag name', 'h1').text == leader, f'the player page of {leader}')
        total = profile['results']['total']
        check(f'Total {total["games"]} {total["wins"]} {total["draws"]} {total["losses"]}' in text,
              f'the results row as player --json gives it: {total}')
        check('Archive rating' in text and 'not a federation' in text,
              'the rating is labelled the archive\'s own')
        points = profile['rating']['points']
        check(len(points) >= 1, f'{leader} is rated: {points}')
        svg = driver.find_elements('css selector', 'figure.rating-graph svg polyline.history')
        check(len(svg) == 1, 'the rating history is an inline SVG line')
        width = driver.execute_script(
            "return document.querySelector('figure.rating-graph svg').getBoundingClientRect().width")
        check(width > 300, f'the rating graph is drawn at its size ({width}px)')
        circles = driver.find_elements('css selector', 'figure.rating-graph svg circle')
        check(len(circles) == len(points), f'one point per rated event ({len(circles)})')
        check(profile['analysis']['coverage'] in text, 'the analysis coverage is stated')
        check(not no_alert(driver), 'no alert on the player page')
        driver.save_screenshot(os.path.join(work, 'publish-player.png'))
        best = profile['best'][0]
        driver.find_element('css selector', f'table.best a[href*="game={best["id"]}"]').click()
        wait_ready(driver)
        check(f'game #{best["id"]}' in driver.find_element('id', 'game-meta').text,
              f'the best result links to game #{best["id"]}')
        mine = 'black' if best['colour'] == 'black' else 'white'
        back = driver.find_elements('css selector', f'#player-{mine} .who a.player')
        check(len(back) == 1 and back[0].get_attribute('href').endswith(
                  f'players/{profile["player"]["id"]}.html'),
              'the game page links the player\'s name back to the player page')
        # The hostile name's page: its name as text.
        hostile_name = '<script>alert(1)</script>'
        hostile_profile = json.loads(run(a.cli, 'player', *env_db, hostile_name, '--json').stdout)
        driver.get(url(f'players/{hostile_profile["player"]["id"]}.html'))
        check(not no_alert(driver) and driver.find_element('tag name', 'h1').text == hostile_name,
              'the player page of <script>alert(1)</script> shows the name as text')

        # An unknown game says so.
        driver.get(url(f'game.html?event={cup["id"]}&game=999999'))
        wait_ready(driver)
        check('no game' in driver.find_element('id', 'game-error').text,
              'an unknown game id says so')

        # The index: both events, the collection marked.
        driver.get(url('index.html'))
        text = driver.find_element('tag name', 'main').text
        check('Spring Cup <b>&amp;</b>' in text and 'Casual games' in text and
              'not a tournament' in text, 'the index lists both events, the collection marked')
        driver.save_screenshot(os.path.join(work, 'publish-index.png'))
        driver.find_element('link text', 'Casual games').click()
        check('Not a tournament' in driver.find_element('tag name', 'main').text and
              not driver.find_elements('css selector', 'table.crosstable'),
              'a collection\'s page has its games and no crosstable')
        # The problem set: listed on the index; a right and a wrong answer on the board.
        driver.get(url('index.html'))
        driver.find_element('link text', 'Mattel booklet puzzles').click()
        check(driver.find_element('id', 'problem-title').text == 'Puzzle #1',
              'the set\'s page opens at puzzle #1')
        verdict = driver.find_element('id', 'verdict')
        check(not verdict.is_displayed(), 'no verdict before an answer')
        check(len(driver.find_elements('css selector', '#board .square.legal')) > 1,
              'the legal moves are marked')
        driver.find_element('id', 'sq-h2').click()
        check(verdict.is_displayed() and verdict.text.startswith('Right: h2 forces a corner'),
              f'h2 on puzzle #1 is right: {verdict.text!r}')
        check('right' in driver.find_element('id', 'sq-h2').get_attribute('class'),
              'the right answer is ringed')
        check(not driver.find_elements('css selector', '#board .square.legal'),
              'answered: no more moves to click')
        values = driver.find_elements('css selector', '#board .square .value')
        check(len(values) > 1 and all(v.text for v in values),
              f'every move\'s value is shown after the answer ({len(values)})')
        driver.save_screenshot(os.path.join(work, 'publish-problem-right.png'))
        driver.find_element('id', 'btn-next').click()
        check(driver.find_element('id', 'problem-title').text == 'Puzzle #2',
              'Next shows puzzle #2')
        legal = [e.get_attribute('id')[3:] for e in
                 driver.find_elements('css selector', '#board .square.legal')]
        wrong = next(n for n in legal if n != 'b6')
        driver.find_element('id', 'sq-' + wrong).click()
        verdict = driver.find_element('id', 'verdict')
        check(verdict.text.startswith('Wrong: ') and wrong in verdict.text,
              f'{wrong} on puzzle #2 is wrong: {verdict.text!r}')
        check('wrong' in driver.find_element('id', 'sq-' + wrong).get_attribute('class') and
              'goal' in driver.find_element('id', 'sq-b6').get_attribute('class'),
              'the wrong answer is ringed, B6 framed as the goal\'s move')
        driver.save_screenshot(os.path.join(work, 'publish-problem-wrong.png'))
        driver.find_element('id', 'btn-again').click()
        driver.find_element('id', 'sq-b6').click()
        check(driver.find_element('id', 'verdict').text.startswith('Right: b6'),
              'tried again, B6 is right')
        # The solution of puzzle #1: the booklet's line ends 54 to 10.
        driver.find_element('id', 'btn-previous').click()
        driver.find_element('id', 'btn-solution').click()
        shown = board_in_page(driver)
        check(shown.count('X') == 54 and shown.count('O') == 10,
              f'the solution line ends Black 54, White 10 ({shown.count("X")}-{shown.count("O")})')
        check(no_alert(driver) == '', 'no alert on the problem page')
    finally:
        driver.quit()
    if FAILURES:
        sys.exit(f'{len(FAILURES)} check(s) failed')
    print('all browser checks passed; screenshots in', work)


main()
