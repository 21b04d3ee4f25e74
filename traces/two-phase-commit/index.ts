/** The `two-phase-commit` trace renderings: the text timeline and the mermaid sequence diagram. */
export { changes, describeTwoPhaseAction, messages } from './describe.js';
export { renderTwoPhaseMermaid } from './mermaid.js';
export { renderTwoPhaseText, type TwoPhaseTextOptions } from './text.js';
