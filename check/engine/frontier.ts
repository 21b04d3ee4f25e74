/**
 * One level of the breadth-first search. States of a model that can decode its encoding are kept
 * as words (a few bytes each instead of an object graph), otherwise as the objects themselves.
 */
import type { AnyAction, Model } from '../../model/core/model.js';
import { WordBuffer } from '../../model/core/words.js';

/** The states of a level with their global numbers. */
export interface Frontier<S> {
  readonly length: number;
  push(state: S, id: number): void;
  state(k: number): S;
  id(k: number): number;
}

class Objects<S> implements Frontier<S> {
  private readonly states: S[] = [];
  private readonly ids: number[] = [];
  get length(): number {
    return this.states.length;
  }
  push(state: S, id: number): void {
    this.states.push(state);
    this.ids.push(id);
  }
  state(k: number): S {
    return this.states[k]!;
  }
  id(k: number): number {
    return this.ids[k]!;
  }
}

class Encoded<S> implements Frontier<S> {
  private readonly words = new WordBuffer();
  private readonly at = new WordBuffer();
  private readonly ids = new WordBuffer();
  constructor(
    private readonly encode: (s: S, out: WordBuffer) => void,
    private readonly decode: (words: Int32Array, offset: number, like: S) => S,
    private readonly like: S,
  ) {}
  get length(): number {
    return this.ids.length;
  }
  push(state: S, id: number): void {
    this.at.push(this.words.length);
    this.encode(state, this.words);
    this.ids.push(id);
  }
  state(k: number): S {
    return this.decode(this.words.words, this.at.words[k]!, this.like);
  }
  id(k: number): number {
    return this.ids.words[k]!;
  }
}

/** A new, empty level for `model` (`like` supplies what decoding needs, such as the config). */
export function newFrontier<S, A extends AnyAction>(model: Model<S, A>, like: S): Frontier<S> {
  const { encode, decode } = model.fast;
  return decode ? new Encoded<S>(encode, decode, like) : new Objects<S>();
}
