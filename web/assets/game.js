// The game page of the web archive (game.html?event=<id>&game=<id>[&ply=<n>]): loads the
// event's data file (data/event-<id>.js, a script, since browsers refuse scripted reads of file://
// URLs), replays the game with the rules of Othello and lets the reader step through it with
// buttons, keys (Left/Right, Home/End, Page Up/Down), the move list and the disc graph.
// Every text from the archive is set with textContent, never as HTML.
(function () {
  'use strict';

  var SIZE = 8;
  var EMPTY = 0, BLACK = 1, WHITE = 2;
  var DIRECTIONS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
  var SVG = 'http://www.w3.org/2000/svg';

  function $(id) { return document.getElementById(id); }

  function squareName(index) {
    return 'abcdefgh'.charAt(index % SIZE) + String(Math.floor(index / SIZE) + 1);
  }

  function parseSquare(text) {
    var file = 'abcdefgh'.indexOf(text.charAt(0).toLowerCase());
    var rank = parseInt(text.charAt(1), 10);
    if (text.length !== 2 || file < 0 || !(rank >= 1 && rank <= 8)) return -1;
    return (rank - 1) * SIZE + file;
  }

  // The start: the standard one, or 64 characters X/O/- from a1 row by row and the side.
  function startPosition(text) {
    var board = [], i;
    for (i = 0; i < SIZE * SIZE; ++i) board.push(EMPTY);
    if (!text) {
      board[parseSquare('d4')] = WHITE; board[parseSquare('e5')] = WHITE;
      board[parseSquare('e4')] = BLACK; board[parseSquare('d5')] = BLACK;
      return {board: board, toMove: BLACK};
    }
    var cells = text.replace(/\s+/g, '');
    for (i = 0; i < SIZE * SIZE; ++i) {
      var c = cells.charAt(i).toUpperCase();
      board[i] = c === 'X' || c === 'B' || c === '*' ? BLACK : c === 'O' || c === 'W' ? WHITE : EMPTY;
    }
    var side = cells.charAt(SIZE * SIZE).toUpperCase();
    return {board: board, toMove: side === 'O' || side === 'W' ? WHITE : BLACK};
  }

  // The lines `player` outflanks by playing `square`: each {end, discs}, `end` the player's
  // own disc that closes it (none when the move is illegal).
  function lines(board, player, square) {
    if (board[square] !== EMPTY) return [];
    var opponent = player === BLACK ? WHITE : BLACK;
    var row = Math.floor(square / SIZE), col = square % SIZE, out = [];
    DIRECTIONS.forEach(function (d) {
      var r = row + d[0], c = col + d[1], line = [];
      while (r >= 0 && r < SIZE && c >= 0 && c < SIZE && board[r * SIZE + c] === opponent) {
        line.push(r * SIZE + c);
        r += d[0]; c += d[1];
      }
      if (line.length && r >= 0 && r < SIZE && c >= 0 && c < SIZE && board[r * SIZE + c] === player)
        out.push({end: r * SIZE + c, discs: line});
    });
    return out;
  }

  // The discs `player` flips by playing `square` when every line flips (empty: illegal).
  function flips(board, player, square) {
    var out = [];
    lines(board, player, square).forEach(function (l) { out = out.concat(l.discs); });
    return out;
  }

  // The discs a move flips under the game's rules: every line, or under classic Reversi's
  // one-line rule the line the record names (`end`, "c4>e6"), or the square's only line.
  // Null when the move is not legal under them (an unnamed choice included).
  function ruleFlips(game, board, player, square, end) {
    var found = lines(board, player, square);
    if (!found.length) return null;
    if (!game.one_line) return end < 0 ? flips(board, player, square) : null;
    if (end < 0) return found.length === 1 ? found[0].discs : null;
    var chosen = found.filter(function (l) { return l.end === end; });
    return chosen.length ? chosen[0].discs : null;
  }

  // Placements (classic Reversi): the board has fewer than four discs, all on the centre.
  var CENTRE = [27, 28, 35, 36];
  function placing(game, board) {
    if (!game.placements) return false;
    var n = 0;
    for (var i = 0; i < board.length; ++i)
      if (board[i] !== EMPTY) { if (CENTRE.indexOf(i) < 0) return false; ++n; }
    return n < 4;
  }

  // The moves of the data one by one: two characters a ply ("pa" a pass), five for a one-line
  // move that names its line ("c4>e6").
  function tokens(text) {
    var out = [];
    for (var i = 0; i + 1 < text.length;) {
      if (text.charAt(i + 2) === '>') { out.push(text.substr(i, 5)); i += 5; }
      else { out.push(text.substr(i, 2)); i += 2; }
    }
    return out;
  }

  function legalMoves(board, player) {
    var moves = [];
    for (var s = 0; s < SIZE * SIZE; ++s) if (flips(board, player, s).length) moves.push(s);
    return moves;
  }

  function count(board, color) {
    var n = 0;
    for (var i = 0; i < board.length; ++i) if (board[i] === color) ++n;
    return n;
  }

  // Every position of the game: positions[k] is the board after k plies. A pass is a ply
  // ("pa" in the data). Stops at the first move that is not legal (and says so).
  function replay(game) {
    var start = startPosition(game.start);
    var positions = [{board: start.board, toMove: start.toMove, last: -1, flipped: []}];
    var plies = [], error = '';
    var list = tokens(game.moves || '');
    for (var i = 0; i < list.length; ++i) {
      var token = list[i];
      var prev = positions[positions.length - 1];
      var player = prev.toMove, next = player === BLACK ? WHITE : BLACK;
      if (token === 'pa') {
        if (legalMoves(prev.board, player).length) { error = 'pass with a legal move'; break; }
        positions.push({board: prev.board, toMove: next, last: -1, flipped: []});
        plies.push({square: -1, player: player, name: 'pass'});
        continue;
      }
      var square = parseSquare(token.substr(0, 2));
      var end = token.length === 5 ? parseSquare(token.substr(3, 2)) : -1;
      var turned = null;
      if (placing(game, prev.board))
        turned = square >= 0 && end < 0 && CENTRE.indexOf(square) >= 0 && prev.board[square] === EMPTY ? [] : null;
      else if (square >= 0)
        turned = ruleFlips(game, prev.board, player, square, end);
      if (!turned) { error = token + ' is not a legal move'; break; }
      var board = prev.board.slice();
      board[square] = player;
      turned.forEach(function (s) { board[s] = player; });
      positions.push({board: board, toMove: next, last: square, flipped: turned});
      plies.push({square: square, player: player, name: token});
    }
    if (error) error = 'The record stops making sense at ply ' + (plies.length + 1) + ': ' + error + '.';
    return {positions: positions, plies: plies, error: error};
  }

  function showError(message) {
    var e = $('game-error');
    e.textContent = message;
    e.hidden = false;
    $('game-title').textContent = 'Game not found';
  }

  function buildBoard(container) {
    var cells = [];
    container.textContent = '';
    var corner = document.createElement('div');
    corner.className = 'coord corner';
    container.appendChild(corner);
    for (var c = 0; c < SIZE; ++c) {
      var top = document.createElement('div');
      top.className = 'coord';
      top.textContent = 'abcdefgh'.charAt(c);
      container.appendChild(top);
    }
    for (var r = 0; r < SIZE; ++r) {
      var side = document.createElement('div');
      side.className = 'coord';
      side.textContent = String(r + 1);
      container.appendChild(side);
      for (c = 0; c < SIZE; ++c) {
        var cell = document.createElement('div');
        cell.className = 'square';
        cell.setAttribute('data-square', squareName(r * SIZE + c));
        var disc = document.createElement('span');
        disc.className = 'disc';
        cell.appendChild(disc);
        container.appendChild(cell);
        cells.push(cell);
      }
    }
    return cells;
  }

  function graph(container, positions, onPick) {
    var n = positions.length - 1, width = 600, height = 120, mid = height / 2;
    var step = width / Math.max(n, 1);
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('class', 'disc-graph');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'Disc difference after each move');
    var bg = document.createElementNS(SVG, 'rect');
    bg.setAttribute('x', 0); bg.setAttribute('y', 0);
    bg.setAttribute('width', width); bg.setAttribute('height', height);
    bg.setAttribute('class', 'graph-bg');
    svg.appendChild(bg);
    // Scaled to the game's largest lead (at least 16 discs), so a close game still shows.
    var diffs = [], scale = 16;
    for (var k = 1; k <= n; ++k) {
      var b = positions[k].board;
      diffs[k] = count(b, BLACK) - count(b, WHITE);
      scale = Math.max(scale, Math.abs(diffs[k]));
    }
    for (k = 1; k <= n; ++k) {
      var diff = diffs[k];
      var h = Math.abs(diff) / scale * (mid - 2);
      var bar = document.createElementNS(SVG, 'rect');
      bar.setAttribute('x', (k - 1) * step);
      bar.setAttribute('width', Math.max(step - 0.5, 0.5));
      bar.setAttribute('y', diff >= 0 ? mid - h : mid);
      bar.setAttribute('height', Math.max(h, 0.5));
      bar.setAttribute('class', diff >= 0 ? 'bar black' : 'bar white');
      bar.setAttribute('data-ply', k);
      svg.appendChild(bar);
    }
    var axis = document.createElementNS(SVG, 'line');
    axis.setAttribute('x1', 0); axis.setAttribute('x2', width);
    axis.setAttribute('y1', mid); axis.setAttribute('y2', mid);
    axis.setAttribute('class', 'axis');
    svg.appendChild(axis);
    var cursor = document.createElementNS(SVG, 'rect');
    cursor.setAttribute('y', 0); cursor.setAttribute('height', height);
    cursor.setAttribute('width', Math.max(step, 1.5));
    cursor.setAttribute('class', 'cursor');
    svg.appendChild(cursor);
    svg.addEventListener('click', function (event) {
      var box = svg.getBoundingClientRect();
      var x = (event.clientX - box.left) / box.width * width;
      onPick(Math.min(n, Math.max(0, Math.floor(x / step) + 1)));
    });
    container.textContent = '';
    container.appendChild(svg);
    return function (ply) {
      cursor.setAttribute('x', ply === 0 ? 0 : (ply - 1) * step);
      cursor.setAttribute('visibility', ply === 0 ? 'hidden' : 'visible');
    };
  }

  function moveList(container, plies, startColor, onPick) {
    var table = document.createElement('table');
    table.className = 'movelist';
    var head = table.createTHead().insertRow();
    ['', 'Black', 'White'].forEach(function (t) {
      var th = document.createElement('th');
      th.textContent = t;
      head.appendChild(th);
    });
    var body = table.createTBody(), links = [], row = null, number = 0;
    // Passes are plies, so the colours alternate: Black's move opens a row.
    var offset = startColor === WHITE ? 1 : 0;
    for (var i = 0; i < plies.length; ++i) {
      if ((i + offset) % 2 === 0 || row === null) {
        row = body.insertRow();
        var num = row.insertCell();
        num.className = 'num';
        num.textContent = String(++number) + '.';
        if ((i + offset) % 2 === 1) row.insertCell().textContent = '…';
      }
      var cell = row.insertCell();
      var link = document.createElement('a');
      link.href = '#';
      link.className = 'move' + (plies[i].square < 0 ? ' pass' : '');
      link.textContent = plies[i].square < 0 ? 'pass' : plies[i].name;
      link.setAttribute('data-ply', String(i + 1));
      link.addEventListener('click', function (event) {
        event.preventDefault();
        onPick(parseInt(this.getAttribute('data-ply'), 10));
      });
      cell.appendChild(link);
      links.push(link);
    }
    container.textContent = '';
    container.appendChild(table);
    return links;
  }

  function show(event, game, initialPly) {
    var eventLink = 'events/' + event.id + '.html';
    var black = game.black || '?', white = game.white || '?';
    document.title = black + ' – ' + white + ' · ' + event.title;
    $('game-title').textContent = black + ' – ' + white;
    var meta = $('game-meta');
    var a = document.createElement('a');
    a.href = eventLink;
    a.textContent = event.title;
    meta.appendChild(a);
    var details = [];
    if (game.round) details.push('round ' + game.round);
    if (game.date) details.push(game.date);
    if (game.place) details.push(game.place);
    if (game.variant) details.push(game.variant);
    if (game.rules_text) details.push(game.rules_text);
    details.push('game #' + game.id);
    meta.appendChild(document.createTextNode(' · ' + details.join(' · ')));
    if (game.opening) {
      var op = document.createElement('span');
      op.className = 'opening';
      op.textContent = ' · ' + game.opening;
      meta.appendChild(op);
    }

    var r = replay(game);
    var positions = r.positions, plies = r.plies, last = positions.length - 1;
    var cells = buildBoard($('board'));
    var ply = 0;
    // A name with a player page (players/<id>.html) links there.
    function who(id, name, page) {
      var el = $(id).querySelector('.who');
      el.textContent = '';
      if (!page) { el.textContent = name; return; }
      var link = document.createElement('a');
      link.href = page;
      link.className = 'player';
      link.textContent = name;
      el.appendChild(link);
    }
    who('player-black', black, game.black_page);
    who('player-white', white, game.white_page);
    $('result').textContent = 'Result: ' + (game.result || '*');
    if (r.error) showNote(r.error);

    var links, setCursor;
    function go(target) {
      ply = Math.max(0, Math.min(last, target));
      var p = positions[ply];
      var legal = ply === last && r.error ? [] : legalMoves(p.board, p.toMove);
      for (var s = 0; s < cells.length; ++s) {
        var disc = cells[s].firstChild;
        var color = p.board[s];
        disc.className = 'disc' + (color === BLACK ? ' black' : color === WHITE ? ' white' : '');
        cells[s].className = 'square' + (s === p.last ? ' last' : '') +
            (legal.indexOf(s) >= 0 ? ' legal' : '');
      }
      var nb = count(p.board, BLACK), nw = count(p.board, WHITE);
      $('player-black').querySelector('.count').textContent = String(nb);
      $('player-white').querySelector('.count').textContent = String(nw);
      $('player-black').classList.toggle('to-move', p.toMove === BLACK && ply < last);
      $('player-white').classList.toggle('to-move', p.toMove === WHITE && ply < last);
      $('ply-label').textContent = ply + ' / ' + last;
      var status;
      if (ply === 0) status = 'Start position.';
      else {
        var mv = plies[ply - 1];
        status = 'Ply ' + ply + ': ' + (mv.player === BLACK ? 'Black ' : 'White ') +
            (mv.square < 0 ? 'passes.' : 'plays ' + mv.name + ' and turns ' +
             p.flipped.length + (p.flipped.length === 1 ? ' disc.' : ' discs.'));
      }
      if (ply === last) status += ' End of the record; result ' + (game.result || '*') + '.';
      $('status').textContent = status;
      links.forEach(function (l, i) { l.classList.toggle('current', i + 1 === ply); });
      if (ply > 0) {
        // Keep the current move in view, scrolling the list only (never the page).
        var box = $('moves'), inner = links[ply - 1].getBoundingClientRect();
        var outer = box.getBoundingClientRect();
        if (inner.top < outer.top + 30 || inner.bottom > outer.bottom)
          box.scrollTop += inner.top - outer.top - box.clientHeight / 2;
      }
      setCursor(ply);
      document.body.setAttribute('data-ply', String(ply));
    }
    links = moveList($('moves'), plies, positions[0].toMove, go);
    setCursor = graph($('graph'), positions, go);

    $('btn-start').addEventListener('click', function () { go(0); });
    $('btn-back').addEventListener('click', function () { go(ply - 1); });
    $('btn-forward').addEventListener('click', function () { go(ply + 1); });
    $('btn-end').addEventListener('click', function () { go(last); });
    document.addEventListener('keydown', function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var keys = {ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: last,
                  PageUp: ply - 10, PageDown: ply + 10};
      if (!(e.key in keys)) return;
      e.preventDefault();
      go(keys[e.key]);
    });

    // Previous and next game of the event.
    var nav = $('game-nav'), index = event.games.indexOf(game);
    function neighbour(i, label) {
      if (i < 0 || i >= event.games.length) return;
      var g = event.games[i], link = document.createElement('a');
      link.href = 'game.html?event=' + event.id + '&game=' + g.id;
      link.textContent = label + ': ' + (g.black || '?') + ' – ' + (g.white || '?');
      nav.appendChild(link);
    }
    neighbour(index - 1, '← Previous game');
    neighbour(index + 1, 'Next game →');
    var back = document.createElement('a');
    back.href = eventLink;
    back.textContent = 'All games of ' + event.title;
    nav.appendChild(back);

    $('game-layout').hidden = false;
    go(initialPly);
    document.body.setAttribute('data-ready', 'true');
  }

  function showNote(message) {
    var e = $('game-error');
    e.textContent = message;
    e.hidden = false;
  }

  function main() {
    var params = new URLSearchParams(window.location.search);
    var eventId = params.get('event') || '', gameId = params.get('game') || '';
    var initialPly = parseInt(params.get('ply') || '0', 10) || 0;
    // Ids only: nothing else of the URL reaches the script's path.
    if (!/^[1-9][0-9]{0,17}$/.test(eventId) || !/^[1-9][0-9]{0,17}$/.test(gameId)) {
      showError('No game chosen: open a game from an event\'s page.');
      return;
    }
    var script = document.createElement('script');
    script.src = 'data/event-' + eventId + '.js';
    script.onload = function () {
      var registry = window.OthelloArchive && window.OthelloArchive.events;
      var event = registry && registry[eventId];
      var game = null;
      if (event) event.games.forEach(function (g) { if (String(g.id) === gameId) game = g; });
      if (!game) {
        showError('This archive has no game ' + gameId + ' in event ' + eventId + '.');
        return;
      }
      show(event, game, initialPly);
    };
    script.onerror = function () {
      showError('This archive has no event ' + eventId + '.');
    };
    document.head.appendChild(script);
  }

  main();
})();
