/** Display names shared by the `kafka-txn` trace renderings. Pure. */
import { transactionalId, type KafkaState } from '../../model/kafka/state.js';

/** `app-<app>#<n>`: the app's transactional.id and the instance's incarnation number. Pure. */
export function instanceName(s: KafkaState, id: number): string {
  const i = s.instances.find((x) => x.id === id);
  return i ? `${transactionalId(i.app)}#${i.incarnation}` : `instance#${id}`;
}

/** `in-<app>`: the input partition app `app` copies from. Pure. */
export function inputName(app: number): string {
  return `in-${app}`;
}

/** Words for a client status as recorded in a `client` step event. Pure. */
export function statusWords(status: string): string {
  switch (status) {
    case 'in-txn':
      return 'in a transaction';
    case 'failed':
      return 'failed (fatal error, needs a restart)';
    case 'paused':
      return 'paused (a replacement starts)';
    case 'started':
      return 'started';
    default:
      return status;
  }
}
