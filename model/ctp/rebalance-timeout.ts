/**
 * group.protocol=consumer (KIP-848): the rebalance timeout of a member that owes a revocation. The member sends its
 * max.poll.interval.ms as RebalanceTimeoutMs in ConsumerGroupHeartbeat (AsyncKafkaConsumer's heartbeat request
 * manager). When a heartbeat moves it to UNREVOKED_PARTITIONS the coordinator starts a timer of that length
 * (GroupMetadataManager.scheduleConsumerGroupRebalanceTimeout, 3.7 to 4.1); a later heartbeat that leaves that state
 * cancels it, and if it runs out at the same member epoch the coordinator fences the member
 * (consumerGroupFenceMember: removed, its partitions free, the group epoch moves). Its next heartbeat then gets
 * UNKNOWN_MEMBER_ID and the client gives up its partitions (transitionToFenced: onPartitionsLost) and joins again at
 * epoch 0; its TxnOffsetCommit meanwhile is refused with UNKNOWN_MEMBER_ID.
 *
 * The background thread heartbeats while the application thread processes, so a live member learns of its
 * revocation when the target moves; a member stalled whole (Pause) or crashed sends no heartbeat and learns
 * nothing until it resumes. Only with the clock running (record.processing.ms above 0). A live member's poll timer,
 * which started no later than the revocation, runs out first and it leaves (pollTimeout); the timer fences a member
 * that learned of its revocation and then stalled, before its session runs out when max.poll.interval.ms is the
 * shorter. A timer that Kafka restarts when the target moves again keeps its first deadline here.
 */
import type { Draft } from 'immer';
import { reconciliation } from '../kafka/consumer-group.js';
import { type AppInstance, type AppState, canAct, GROUP } from './state.js';

/** Whether member `i` owes a revocation at the coordinator (UNREVOKED_PARTITIONS). Pure. */
function owesRevocation(s: AppState, i: AppInstance): boolean {
  return (reconciliation(s.kafka.groups[GROUP]!, i.id)?.revoke.length ?? 0) > 0;
}

/** Whether the model runs rebalance timeouts: the consumer protocol with the clock running. Pure. */
function timed(s: AppState): boolean {
  return s.config.consumerProtocol && s.config.pollTimer;
}

/**
 * The heartbeats of the live members (not stalled, not crashed): each that owes a revocation and has no timer
 * starts one of max.poll.interval.ms; one that owes none any more has its timer cancelled.
 */
export function heartbeatTimers(d: Draft<AppState>): void {
  if (!timed(d)) return;
  const members = d.kafka.groups[GROUP]!.members;
  for (const i of d.apps) {
    if (!canAct(i) || i.life !== 'member' || !members.includes(i.id)) continue;
    if (!owesRevocation(d, i)) delete i.revokeDueMs;
    else if (i.revokeDueMs === undefined) i.revokeDueMs = d.now + d.config.maxPollIntervalMs;
  }
}

/** The members whose rebalance timeout ran out by now, still owing their revocation. Pure. */
export function revocationsTimedOut(s: AppState): AppInstance[] {
  const members = s.kafka.groups[GROUP]!.members;
  return s.apps.filter((i) => i.revokeDueMs !== undefined && s.now >= i.revokeDueMs && members.includes(i.id));
}

/** The earliest rebalance timeout after `now` of a member still owing its revocation, or null. Pure. */
export function nextRevocationDue(s: AppState): number | null {
  let best: number | null = null;
  const members = s.kafka.groups[GROUP]!.members;
  for (const i of s.apps) {
    const due = i.revokeDueMs;
    if (due === undefined || !members.includes(i.id)) continue;
    if (due > s.now && (best === null || due < best)) best = due;
  }
  return best;
}
