/**
 * Where a checkpoint's completion notification is (`JobManager.notify`, and at parallelism 2 or 3 the sink subtasks it
 * has still to reach), and up to which checkpoint each sink subtask's committer may commit (`Task.commitUpTo`,
 * `Task.subUpTo`). Over an immer draft.
 */
import type { Draft } from 'immer';
import { type JobManager, levelOf, notifyTargets, type Task } from './state.js';

/** Sink subtask `sub` got (or lost) the notification on its way: with none left it is done. */
export function notified(jm: Draft<JobManager>, sub: number): void {
  const left = notifyTargets(jm).filter((x) => x !== sub);
  if (left.length > 0) {
    jm.unnotified = left;
    return;
  }
  setNotify(jm, null);
}

/** The notification on its way becomes `id` (a completion: to every subtask) or none. */
export function setNotify(jm: Draft<JobManager>, id: number | null): void {
  jm.notify = id;
  if (jm.unnotified !== undefined) delete jm.unnotified;
}

/** Sink subtask `sub`'s committer of task `t` may commit up to `id` (`subUpTo` only while the levels differ). */
export function raiseLevel(t: Draft<Task>, parallelism: number, sub: number, id: number): void {
  const levels = Array.from({ length: parallelism }, (_, k) => levelOf(t, k));
  levels[sub] = Math.max(levels[sub]!, id);
  setLevels(t, levels);
}

/** Every committer of task `t` may commit up to `id` (a restore, the end of input). */
export function raiseAll(t: Draft<Task>, id: number): void {
  t.commitUpTo = Math.max(t.commitUpTo, id);
  if (t.subUpTo !== undefined)
    setLevels(
      t,
      t.subUpTo.map((l) => Math.max(l, id)),
    );
}

/** Task `t`'s committers' levels: the lowest is `commitUpTo`, the others kept while they differ from it. */
function setLevels(t: Draft<Task>, levels: number[]): void {
  const low = Math.min(...levels);
  t.commitUpTo = low;
  if (levels.every((l) => l === low)) {
    if (t.subUpTo !== undefined) delete t.subUpTo;
    return;
  }
  t.subUpTo = levels;
}
