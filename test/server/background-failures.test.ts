import { describe, expect, it } from 'vitest';
import type { DocumentTypeService } from '../../server/src/doctypes/document-type-service.js';
import type { ExtractionsRepo, JobRecord } from '../../server/src/db/repos/extractions.js';
import type { RequestLogRepo } from '../../server/src/db/repos/request-log.js';
import type { ExtractionRunner } from '../../server/src/extraction/extraction-runner.js';
import { JobQueue } from '../../server/src/queue/job-queue.js';
import { RetentionSweeper } from '../../server/src/retention.js';

// The background work's own failures (a locked database, a full disk) are reported and the
// work goes on: nothing is left to reject unhandled, which would end the process. The
// repositories here are stand-ins that fail on purpose.
const failing = (message: string) => () => {
  throw new Error(message);
};

describe('background failures', () => {
  it('reports a failed retention sweep and sweeps again next time', async () => {
    const errors: unknown[] = [];
    const repo = { expired: failing('database is locked') } as unknown as ExtractionsRepo;
    const sweeper = new RetentionSweeper(repo, {} as RequestLogRepo, null, 20);
    sweeper.start((err) => errors.push(err));
    try {
      await expect.poll(() => errors.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(String(errors[0])).toContain('database is locked');
    } finally {
      sweeper.stop();
    }
  });

  it('reports a job queue that cannot claim, and one whose job fails outside the job', async () => {
    const errors: unknown[] = [];
    const claimFails = new JobQueue({ releaseLocks: () => undefined, claimJob: failing('disk I/O error') } as unknown as ExtractionsRepo, {} as DocumentTypeService, {} as ExtractionRunner, { pollMs: 20 });
    claimFails.start((err) => errors.push(err));
    await claimFails.stop();
    expect(errors.map(String)).toEqual(['Error: disk I/O error']);

    // A stored job input that is not JSON fails before the job's own error handling.
    let claimed = false;
    const job: JobRecord = { extraction_id: 'svc_req_x', organization_id: 'tnt_x', application_id: 'app_x', attempts: 1, input: '{not json', document_path: null };
    const badInput = new JobQueue(
      { releaseLocks: () => undefined, claimJob: () => (claimed ? null : ((claimed = true), job)) } as unknown as ExtractionsRepo,
      {} as DocumentTypeService,
      {} as ExtractionRunner,
      { pollMs: 20 },
    );
    badInput.start((err) => errors.push(err));
    await expect.poll(() => errors.length, { timeout: 5_000 }).toBe(2);
    await badInput.stop();
    expect(errors[1]).toBeInstanceOf(SyntaxError);
  });
});
