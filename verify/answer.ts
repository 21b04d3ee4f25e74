/**
 * What `verify` answers for one pipeline, as plain data: the text, JSON, SARIF and JUnit renderings all
 * read this and nothing else.
 */

/** A configuration key at the place a file sets it. */
export interface KeyLocation {
  readonly key: string;
  readonly file: string;
  /** 1-based. */
  readonly line: number;
}

/** One guarantee (an invariant) of one pipeline. */
export interface GuaranteeAnswer {
  readonly invariant: string;
  /** One line: what the guarantee means. */
  readonly meaning: string;
  /** `unknown`: every check stopped at another guarantee's violation before deciding this one. */
  readonly verdict: 'holds' | 'violated' | 'unknown';
  /** The violation's one line, why it is unknown, or null when it holds. */
  readonly message: string | null;
  /** The file keys whose values decide this verdict, most decisive first (may be empty). */
  readonly decidedBy: readonly KeyLocation[];
  /** The command that reproduces the counterexample (`eoscheck check <model> --set ...`), or null. */
  readonly reproduce: string | null;
}

/**
 * A key that application code decides (a DataStream KafkaSink's delivery guarantee, whether it enables
 * checkpoints): the verdict per value, which holds only where it holds at every value of the other keys code decides.
 */
export interface CodeDependent {
  readonly key: string;
  /** The value the real system takes when the code sets nothing. */
  readonly realDefault: string;
  /** Where that value is the code's own (an `if`'s else branch): what it is, in words. */
  readonly baseline?: string;
  readonly verdicts: Readonly<Record<string, 'holds' | 'violated'>>;
}

/** One combination of the values code could give the keys it decides, checked, with the guarantees it breaks. */
export interface CodeCombination {
  readonly values: Readonly<Record<string, string>>;
  readonly verdict: 'holds' | 'violated';
  readonly violated: readonly string[];
}

/** A file of the pipeline and what it plays in it. */
export interface FileRole {
  readonly path: string;
  readonly role: string;
  readonly detail: string;
  /** How the role was told where content alone did not tell it, or why the part is not modelled. */
  readonly why?: string;
}

/** One pipeline's answer. */
export interface PipelineAnswer {
  /** The pipeline's name: its directory, or a SQL job as `file.sql#N`. */
  readonly pipeline: string;
  /** 0: every guarantee holds within the bound; 1: one is violated; 2: the files cannot be checked. */
  readonly exit: 0 | 1 | 2;
  /** Why the pipeline could not be checked (exit 2), else null. */
  readonly error: string | null;
  /** The model it was checked with, or null when it was not checked. */
  readonly model: string | null;
  readonly files: readonly FileRole[];
  readonly guarantees: readonly GuaranteeAnswer[];
  readonly dependsOnCode: readonly CodeDependent[];
  /** Every combination checked where code decides more than one key, the real defaults first; else empty. */
  readonly combinations: readonly CodeCombination[];
  /** What the search covered, in words ("exhaustive to depth 24, then 1000 random runs of <= 40 steps"). */
  readonly bound: string;
}
