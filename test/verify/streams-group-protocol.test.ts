/**
 * A Streams application's group.protocol: Kafka Streams runs its consumers on the classic protocol whatever a
 * consumer's group.protocol says (StreamsConfig's non-configurable consumer defaults), so the answer is the classic
 * protocol's and says why.
 */
import { describe, expect, test } from 'vitest';
import { verifyJson } from './answer.js';

const verify = (...args: string[]) => verifyJson(...args, '--depth', '8');

describe('a Streams application with a consumer group.protocol', () => {
  test('is checked on the classic protocol Kafka Streams runs its consumers on, and the answer says why', async () => {
    const { code, report } = await verify('test/fixtures/verify/streams-group-protocol');
    expect(code).toBe(0);
    expect(report.model).toBe('kafka-streams');
    expect(report.ignoredDetail.find((i) => i.key === 'group.protocol')?.why).toMatch(
      /^Kafka Streams runs its consumers on the classic group protocol whatever a consumer's group.protocol says/,
    );
  });
});
