/**
 * What verify refuses, each as one line on stderr with exit 2: a value the real system refuses (in its
 * own words), a value it accepts and eoscheck does not model, files that make no pipeline or two.
 * Golden transcript: test/golden/verify-errors.txt.
 */
import { goldenSuite } from '../cli/harness.js';

const f = (name: string): string => `test/fixtures/verify/${name}`;

goldenSuite('verify refusals', {
  'verify-errors': [
    ['verify'],
    ['verify', f('no-such-file.properties')],
    ['verify', f('notes.txt')],
    ['verify', f('nothing-to-tell.properties')],
    ['verify', f('txn-without-idempotence.properties')],
    ['verify', f('idempotence-acks-1.properties')],
    ['verify', f('txn-acks-1.properties')],
    ['verify', f('bad-isolation-consumer.properties'), f('plain-producer.properties')],
    ['verify', f('streams-no-app-id.properties')],
    ['verify', f('consumer-alone.properties')],
    ['verify', f('mixed')],
    ['verify', f('producer-a.properties'), f('producer-b.properties')],
    ['verify', f('bad-duration-config.yaml')],
    ['verify', f('too-long-flink-conf.yaml')],
    ['verify', f('too-short-interval.yaml')],
    ['verify', f('exactly-once-no-prefix.sql')],
    ['verify', f('streams-eos-v1.properties'), '--set', 'kafka.version=4.0'],
    ['verify', f('connect-mirror-maker.properties')],
    ['verify', f('spring/manual-auto/application.yml')],
    ['verify', f('spring/cloud-stream/application.yml')],
    ['verify', f('timeout-above-broker.sql')],
    ['verify', f('startup-timestamp.sql')],
    ['verify', f('bad-bounded-mode.sql')],
    ['verify', 'examples/ctp-safe', '--set', 'no.such.key=1'],
    ['verify', f('no-checkpoints/exactly-once-unbounded.sql'), '--set', 'checkpointing.enabled=true'],
  ],
});
