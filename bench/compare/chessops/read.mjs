// Reads a PGN file with chessops, replaying every main-line move (or only
// parsing, with --parse), and prints games, plies and games that failed.
// bench/compare.sh measures pgnc against it; it is not part of pgnc.
import { createReadStream } from 'node:fs';
import { PgnParser, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

const [file, mode] = process.argv.slice(2);
let games = 0, plies = 0, failed = 0;
const parser = new PgnParser(game => {
  games++;
  if (mode === '--parse') {
    for (const _ of game.moves.mainline()) plies++;
    return;
  }
  const pos = startingPosition(game.headers);
  if (pos.isErr) { failed++; return; }
  const p = pos.value;
  for (const node of game.moves.mainline()) {
    const move = parseSan(p, node.san);
    if (!move) { failed++; return; }
    p.play(move);
    plies++;
  }
});
const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
for await (const chunk of stream) parser.parse(chunk, { stream: true });
parser.parse('');
console.log(`${games} ${plies} ${failed}`);
