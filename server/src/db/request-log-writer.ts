import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { logBatchWriter, type LogBatch, type LogBatchDone } from './repos/request-log.js';

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
const write = logBatchWriter(db);

parentPort!.on('message', (batch: LogBatch | 'close') => {
  if (batch === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  let written = true;
  try {
    write(batch.values);
  } catch {
    written = false;
  }
  parentPort!.postMessage({ seq: batch.seq, written } satisfies LogBatchDone);
});
