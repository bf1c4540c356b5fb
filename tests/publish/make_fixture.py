#!/usr/bin/env python3
"""Writes round_robin.pgn, the fixture of the publish tests (run once; the output is kept).

Six players meet in a double round (rounds 1-5 a round robin, round 6 repeats round 1 with the
colours swapped, so three pairs meet twice). Random legal games from a fixed seed; the game of
round 2, board 1 has a pass; one game of round 4 stops after 30 plies with no result ("*").
Two players have hostile names (<script>, </script>) and the event's name holds markup. A second
event, "Casual games", is a collection (not a tournament) with a handicap game (Black has the
four corners at the start).
"""
import random
import sys

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, player, sq):
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
            out += line
    return out


def start_board():
    board = [0] * 64
    board[27] = board[36] = 2  # d4 e5 white
    board[28] = board[35] = 1  # e4 d5 black
    return board


def random_game(rng, board=None):
    board = board or start_board()
    player, moves = 1, []
    while True:
        legal = [s for s in range(64) if flips(board, player, s)]
        if not legal:
            if not [s for s in range(64) if flips(board, 3 - player, s)]:
                break
            moves.append(None)
            player = 3 - player
            continue
        s = rng.choice(legal)
        for f in flips(board, player, s):
            board[f] = player
        board[s] = player
        moves.append(s)
        player = 3 - player
    b, w = board.count(1), board.count(2)
    empties = 64 - b - w
    if b > w:
        b += empties
    elif w > b:
        w += empties
    else:
        b += empties // 2
        w += empties // 2
    return moves, b, w


def name(s):
    return 'pass' if s is None else 'abcdefgh'[s % 8] + str(s // 8 + 1)


def movetext(moves, result):
    parts = []
    for i in range(0, len(moves), 2):
        parts.append(f'{i // 2 + 1}. ' + ' '.join(name(m) for m in moves[i:i + 2]))
    lines, line = [], ''
    for p in parts + [result]:
        if len(line) + len(p) > 76:
            lines.append(line.rstrip())
            line = ''
        line += p + ' '
    lines.append(line.rstrip())
    return '\n'.join(lines)


def main():
    rng = random.Random(20241123)
    players = ['Alice Arnaud', 'Bob Berg', '<script>alert(1)</script>', '</script><b>x',
               "Eve O'Neil & Co", 'Zoë Ünal']
    # Circle method: player 0 fixed, the others rotate.
    rounds = []
    rest = list(range(1, 6))
    for r in range(5):
        ring = [0] + rest
        pairs = [(ring[i], ring[5 - i]) for i in range(3)]
        pairs = [(a, b) if (r + i) % 2 == 0 else (b, a) for i, (a, b) in enumerate(pairs)]
        rounds.append(pairs)
        rest = rest[-1:] + rest[:-1]
    rounds.append([(b, a) for a, b in rounds[0]])
    out = ['% The publish tests\' fixture, written by make_fixture.py (seeded random legal games).', '']
    for r, pairs in enumerate(rounds, 1):
        for board, (bl, wh) in enumerate(pairs, 1):
            want_pass = (r, board) == (2, 1)
            while True:
                moves, b, w = random_game(rng)
                if (None in moves) == want_pass:
                    break
            result = f'{b}-{w}'
            if (r, board) == (4, 2):
                moves, result = moves[:30], '*'
            out += [f'[Event "Spring Cup <b>&amp;</b>"]', f'[Date "2024.05.0{r}"]',
                    f'[Round "{r}"]', f'[Black "{players[bl]}"]', f'[White "{players[wh]}"]',
                    f'[Result "{result}"]', '', movetext(moves, result), '']
    for i, (bl, wh) in enumerate([(0, 1), (1, 0)]):
        moves, b, w = random_game(rng)
        result = f'{b}-{w}'
        out += ['[Event "Casual games"]', f'[Date "2024.06.0{i + 1}"]', f'[Black "{players[bl]}"]',
                f'[White "{players[wh]}"]', f'[Result "{result}"]', '', movetext(moves, result), '']
    # A handicap game: Black starts with the four corners (a start other than the standard one).
    board = start_board()
    for corner in (0, 7, 56, 63):
        board[corner] = 1
    fen = ''.join('-XO'[c] for c in board) + ' X'
    moves, b, w = random_game(rng, board[:])
    result = f'{b}-{w}'
    out += ['[Event "Casual games"]', '[Date "2024.06.03"]', f'[Black "{players[5]}"]',
            f'[White "{players[4]}"]', f'[FEN "{fen}"]', f'[Result "{result}"]', '',
            movetext(moves, result), '']
    sys.stdout.write('\n'.join(out))


main()
