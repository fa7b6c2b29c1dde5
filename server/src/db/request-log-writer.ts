import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { LOG_COLUMNS, LOG_VALUES_PER_ROW, type LogBatch, type LogBatchDone } from './repos/request-log.js';

/**
 * The request log's writer thread: its own connection to the database, inserting the batches
 * the server thread posts (flat arrays of values, cheap to send) so that thousands of inserts a
 * second never hold up a request. Log rows need no synced commit (a crash may lose the last
 * second of them, never an extraction), and a batch that cannot be written goes back to the
 * server thread to be written there.
 */
const db = new Database((workerData as { path: string }).path);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const insert = db.prepare(`INSERT INTO request_log (${LOG_COLUMNS}) VALUES (${Array(LOG_VALUES_PER_ROW).fill('?').join(', ')})`);
const write = db.transaction((values: LogBatch['values']) => {
  for (let i = 0; i < values.length; i += LOG_VALUES_PER_ROW) insert.run(values.slice(i, i + LOG_VALUES_PER_ROW));
});

parentPort!.on('message', (batch: LogBatch | 'close') => {
  if (batch === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  let done: LogBatchDone;
  try {
    write(batch.values);
    done = { seq: batch.seq, written: true };
  } catch (err) {
    done = { seq: batch.seq, written: false, error: String(err) };
  }
  parentPort!.postMessage(done);
});
