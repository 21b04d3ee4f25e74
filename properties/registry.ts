/**
 * Every checkable subject by model name: the one list the command line and the worker threads
 * both read (a worker gets a model's name and config, and builds the rest itself).
 */
import type { AnyAction } from '../model/model.js';
import { ctpSubject } from './ctp/subject.js';
import { flinkKafkaSubject } from './flink/subject.js';
import { kafkaTxnSubject } from './kafka/subject.js';
import { kafkaStreamsSubject } from './streams/subject.js';
import { twoPhaseCommitSubject } from './two-phase-commit/subject.js';
import type { Subject } from './subject.js';

/** Subjects by model name, in listing order. */
export const subjects: ReadonlyMap<string, Subject<unknown, AnyAction>> = new Map([
  ['kafka-txn', kafkaTxnSubject as unknown as Subject<unknown, AnyAction>],
  ['consume-transform-produce', ctpSubject as unknown as Subject<unknown, AnyAction>],
  ['kafka-streams', kafkaStreamsSubject as unknown as Subject<unknown, AnyAction>],
  ['flink-kafka', flinkKafkaSubject as unknown as Subject<unknown, AnyAction>],
  ['two-phase-commit', twoPhaseCommitSubject as unknown as Subject<unknown, AnyAction>],
]);
