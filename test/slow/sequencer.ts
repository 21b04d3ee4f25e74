/**
 * The slow and the deep suite's order: the table files first (test/slow/differential/ and test/deep/judges/, a few
 * lines each that register tens of minutes of searches), then vitest's own order. Vitest starts a file it has no
 * timings of by size, the largest first, which would start those tables last and leave one worker running them while
 * the other waits.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TABLE = /[\\/]test[\\/](?:slow|deep)[\\/](?:differential|judges)[\\/]/;

export class TablesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => TABLE.test(f.moduleId)), ...sorted.filter((f) => !TABLE.test(f.moduleId))];
  }
}
