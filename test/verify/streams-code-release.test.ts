/**
 * A Kafka Streams application whose code or file names a guarantee Kafka 4.0 removed (StreamsConfig.EXACTLY_ONCE,
 * EXACTLY_ONCE_BETA, exactly_once: deprecated in 3.0 by KIP-732) runs a client older than
 * 4.0: where no file names the release it is
 * answered on 3.9, the latest that accepts it, said in the answer's conditions; a 4.x release a file or --set names is
 * refused, naming both.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { readClientCode } from '../../verify/files/client-code.js';
import { verifyFiles } from '../../verify/verify.js';
import { cli } from '../cli/harness.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

const app = (guarantee: string) => ({
  path: 'App.java',
  text: [
    'Properties props = new Properties();',
    'props.put(StreamsConfig.APPLICATION_ID_CONFIG, "orders");',
    `props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, ${guarantee});`,
  ].join('\n'),
});

const compose = (tag: string) => ({
  path: 'compose.yaml',
  text: [
    'services:',
    '  kafka:',
    `    image: apache/kafka:${tag}`,
    '    environment:',
    '      KAFKA_NODE_ID: 1',
    '      KAFKA_PROCESS_ROLES: broker,controller',
  ].join('\n'),
});

/** The kafka.version the answer holds and the conditions it is stated under; or the refusal. */
function answer(files: { path: string; text: string }[], set: [string, string][] = []) {
  const r = verifyFiles(files, set, keysOf);
  if (!r.ok) return r.error;
  return {
    version: Object.fromEntries(r.value.pairs)['kafka.version'],
    conditions: r.value.unstated.flatMap((u) => (u.kind === 'condition' ? [u.condition] : [])),
  };
}

describe('readClientCode keeps the name of a removed guarantee constant', () => {
  test('EXACTLY_ONCE and EXACTLY_ONCE_BETA carry their name; EXACTLY_ONCE_V2 and literals do not', () => {
    expect(
      [
        'StreamsConfig.EXACTLY_ONCE',
        'StreamsConfig.EXACTLY_ONCE_BETA',
        'StreamsConfig.EXACTLY_ONCE_V2',
        '"exactly_once"',
      ].map((g) => readClientCode(app(g).text).find((s) => s.key === 'processing.guarantee')),
    ).toEqual([
      { key: 'processing.guarantee', value: 'exactly_once', line: 3, namedValue: 'StreamsConfig.EXACTLY_ONCE' },
      {
        key: 'processing.guarantee',
        value: 'exactly_once_beta',
        line: 3,
        namedValue: 'StreamsConfig.EXACTLY_ONCE_BETA',
      },
      { key: 'processing.guarantee', value: 'exactly_once_v2', line: 3 },
      { key: 'processing.guarantee', value: 'exactly_once', line: 3 },
    ]);
  });
});

describe('verify answers a removed guarantee on the latest release that accepts it', () => {
  test('no release named: Kafka 3.9, with the constant and its line in the conditions', () => {
    expect(answer([app('StreamsConfig.EXACTLY_ONCE')])).toEqual({
      version: '3.9',
      conditions: [
        'on Kafka 3.9, the latest release that still accepts it: StreamsConfig.EXACTLY_ONCE, line 3, exists only ' +
          'before Kafka 4.0',
        'for read_committed readers of the output',
      ],
    });
    expect(answer([app('StreamsConfig.EXACTLY_ONCE_BETA')])).toMatchObject({
      version: '3.9',
      conditions: [
        expect.stringContaining('StreamsConfig.EXACTLY_ONCE_BETA, line 3, exists only before Kafka 4.0'),
        'for read_committed readers of the output',
      ],
    });
    expect(answer([app('"exactly_once"')])).toMatchObject({
      version: '3.9',
      conditions: [
        expect.stringContaining('processing.guarantee "exactly_once", line 3, exists only before'),
        'for read_committed readers of the output',
      ],
    });
  });

  test('a .properties file or a Spring Boot file naming exactly_once: the same, its key and line named', () => {
    const props = { path: 'streams.properties', text: 'application.id=orders\nprocessing.guarantee=exactly_once\n' };
    expect(answer([props])).toMatchObject({
      version: '3.9',
      conditions: [
        'on Kafka 3.9, the latest release that still accepts it: processing.guarantee "exactly_once", line 2, ' +
          'exists only before Kafka 4.0',
        'for read_committed readers of the output',
      ],
    });
    expect(answer([props, compose('4.0.0')])).toBe(
      'streams.properties:2: processing.guarantee "exactly_once" exists only before Kafka 4.0 (deprecated in 3.0 by ' +
        'KIP-732, removed in 4.0), but kafka.version=4.0.0 (compose.yaml: apache/kafka:4.0.0 is Kafka 4.0.0): use ' +
        'processing.guarantee=exactly_once_v2, or give the release the application runs with --set kafka.version=X.Y',
    );
    const spring = {
      path: 'application.yml',
      text: [
        'spring:',
        '  kafka:',
        '    streams:',
        '      application-id: orders',
        '      properties:',
        '        processing.guarantee: exactly_once_beta',
      ].join('\n'),
    };
    expect(answer([spring])).toMatchObject({ version: '3.9' });
  });

  test('EXACTLY_ONCE_V2 keeps the newest release modelled', () => {
    expect(answer([app('StreamsConfig.EXACTLY_ONCE_V2')])).toMatchObject({
      version: '4.1',
      conditions: ['on Kafka 4.1, the newest release modelled', 'for read_committed readers of the output'],
    });
  });

  test('a 3.x release a file names is taken as named: no condition on the release', () => {
    expect(answer([app('StreamsConfig.EXACTLY_ONCE'), compose('3.7.1')])).toEqual({
      version: '3.7.1',
      conditions: ['for read_committed readers of the output'],
    });
  });

  test('a 4.x release a file or --set names is refused, naming the constant and the release', () => {
    expect(answer([app('StreamsConfig.EXACTLY_ONCE'), compose('4.1.0')])).toBe(
      'App.java:3: StreamsConfig.EXACTLY_ONCE exists only before Kafka 4.0 (deprecated in 3.0 by KIP-732, removed ' +
        'in 4.0), but kafka.version=4.1.0 (compose.yaml: apache/kafka:4.1.0 is Kafka 4.1.0): use ' +
        'StreamsConfig.EXACTLY_ONCE_V2, or give the release the application runs with --set kafka.version=X.Y',
    );
    expect(answer([app('StreamsConfig.EXACTLY_ONCE_BETA')], [['kafka.version', '4.0']])).toBe(
      'App.java:3: StreamsConfig.EXACTLY_ONCE_BETA exists only before Kafka 4.0 (deprecated in 3.0 by KIP-732, ' +
        'removed in 4.0), but kafka.version=4.0 (given with --set): use StreamsConfig.EXACTLY_ONCE_V2, or give the ' +
        'release the application runs with --set kafka.version=X.Y',
    );
  });

  test('the answer: EOS v1 holds on 3.9, the condition in its verdict line', async () => {
    const r = await cli('verify', 'test/fixtures/verify/streams-eos-v1-code', '--depth', '8', '--quiet');
    expect([r.code, r.stdout.trim()]).toEqual([
      0,
      'eoscheck verify: test/fixtures/verify/streams-eos-v1-code: kafka-streams: every guarantee holds within the ' +
        'bounds (on Kafka 3.9, the latest release that still accepts it: StreamsConfig.EXACTLY_ONCE, line 14, exists ' +
        'only before Kafka 4.0, for read_committed readers of the output)',
    ]);
  });
});
