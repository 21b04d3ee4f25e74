/** The step's ordered notes: model/kafka's events are moved in before each application event. */
import type { Draft } from 'immer';
import type { AppEvent, AppState } from './state.js';

type D = Draft<AppState>;

/** Moves the Kafka rules' events recorded so far into the notes, keeping the order. */
export function flush(d: D): void {
  for (const e of d.events) d.notes.push({ type: 'kafka', event: e });
  d.events = [];
}

/** Records an application event after the Kafka events before it. */
export function note(d: D, e: AppEvent): void {
  flush(d);
  d.notes.push(e as Draft<AppEvent>);
}
