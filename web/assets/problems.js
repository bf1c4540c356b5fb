// The problem set page (problems/<id>.html): one problem at a time on the board; a click on a
// legal square is the visitor's answer, judged from what `othello-db publish` computed
// (window.OTHELLO_PROBLEM_SET: every legal move's verdict and value, the solution line), so
// nothing is needed at run time and the page works from file://. The URL's #N opens problem N.
(function () {
  'use strict';
  var set = window.OTHELLO_PROBLEM_SET;
  var FILES = 'abcdefgh';
  var index = 0, answered = null, solutionStep = -1;

  function el(id) { return document.getElementById(id); }
  function name(sq) { return FILES[sq % 8] + (Math.floor(sq / 8) + 1); }
  function square(n) { return (+n[1] - 1) * 8 + FILES.indexOf(n[0]); }

  // The board after `moves` from `board` (64 chars X/O/-), `black` to move: every line flips.
  function play(board, black, moves) {
    var cells = board.split(''), me = black ? 'X' : 'O';
    moves.forEach(function (m) {
      var other = me === 'X' ? 'O' : 'X';
      if (m === 'pass') { me = other; return; }
      var sq = square(m), r0 = Math.floor(sq / 8), c0 = sq % 8;
      [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]].forEach(function (d) {
        var r = r0 + d[0], c = c0 + d[1], run = [];
        while (r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r * 8 + c] === other) {
          run.push(r * 8 + c); r += d[0]; c += d[1];
        }
        if (run.length && r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r * 8 + c] === me)
          run.forEach(function (i) { cells[i] = me; });
      });
      cells[sq] = me;
      me = other;
    });
    return cells;
  }

  function draw() {
    var p = set.problems[index];
    var shown = solutionStep >= 0 ? p.solution.slice(0, solutionStep) : [];
    var cells = play(p.board, p.black, shown);
    var board = el('board');
    board.textContent = '';
    board.appendChild(document.createElement('span'));
    for (var c = 0; c < 8; ++c) {
      var label = document.createElement('span');
      label.className = 'coord';
      label.textContent = FILES[c];
      board.appendChild(label);
    }
    for (var r = 0; r < 8; ++r) {
      var rank = document.createElement('span');
      rank.className = 'coord';
      rank.textContent = String(r + 1);
      board.appendChild(rank);
      for (c = 0; c < 8; ++c) {
        var sq = r * 8 + c, n = name(sq), cell = document.createElement('div');
        var move = p.moves[n], disc = document.createElement('span');
        cell.className = 'square';
        cell.id = 'sq-' + n;
        disc.className = 'disc' + (cells[sq] === 'X' ? ' black' : cells[sq] === 'O' ? ' white' : '');
        cell.appendChild(disc);
        if (move && answered === null && solutionStep < 0) {
          cell.className += ' legal';
          cell.addEventListener('click', answer.bind(null, n));
        }
        if (move && answered !== null && solutionStep < 0) {
          if (move.right) cell.className += ' goal';
          if (n === answered) cell.className += move.right ? ' right' : ' wrong';
          var value = document.createElement('span');
          value.className = 'value';
          value.textContent = move.value;
          cell.appendChild(value);
        }
        var at = shown.indexOf(n);
        if (at >= 0) {
          var mark = document.createElement('span');
          mark.className = 'mark' + (cells[sq] === 'O' ? ' on-white' : '');
          mark.textContent = String(at + 1);
          cell.appendChild(mark);
        }
        board.appendChild(cell);
      }
    }
  }

  function show(i) {
    index = Math.max(0, Math.min(set.problems.length - 1, i));
    answered = null;
    solutionStep = -1;
    var p = set.problems[index];
    el('problem-title').textContent = p.title || ('Problem ' + (index + 1));
    var who = p.black ? 'Black' : 'White';
    el('problem-goal').textContent = p.goal.indexOf(who + ' to move') === 0 ? p.goal : who + ' to move: ' + p.goal;
    el('problem-details').textContent = p.details;
    el('problem-counter').textContent = (index + 1) + ' / ' + set.problems.length;
    el('verdict').hidden = true;
    el('values-note').hidden = true;
    el('btn-previous').disabled = index === 0;
    el('btn-next').disabled = index + 1 >= set.problems.length;
    if (location.hash !== '#' + (index + 1)) history.replaceState(null, '', '#' + (index + 1));
    draw();
  }

  function answer(n) {
    var move = set.problems[index].moves[n];
    if (!move || answered !== null) return;
    answered = n;
    var verdict = el('verdict');
    verdict.textContent = move.text;
    verdict.className = 'verdict ' + (move.right ? 'right' : 'wrong');
    verdict.hidden = false;
    el('values-note').textContent = set.problems[index].values;
    el('values-note').hidden = false;
    draw();
  }

  function showSolution() {
    var p = set.problems[index];
    solutionStep = p.solution.length;
    var verdict = el('verdict');
    verdict.textContent = p.solution.length ? 'Solution: ' + p.solution.join(' ') : 'No solution is known for this problem.';
    verdict.className = 'verdict';
    verdict.hidden = false;
    draw();
  }

  el('btn-previous').addEventListener('click', function () { show(index - 1); });
  el('btn-next').addEventListener('click', function () { show(index + 1); });
  el('btn-again').addEventListener('click', function () { show(index); });
  el('btn-solution').addEventListener('click', showSolution);
  var start = parseInt((location.hash || '#1').slice(1), 10);
  show(isNaN(start) ? 0 : start - 1);
})();
