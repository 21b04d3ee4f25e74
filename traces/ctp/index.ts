/** The consumer-application trace renderings (shared by `consume-transform-produce` and `kafka-streams`). */
export { describeAppAction, describeNote } from './describe.js';
export { renderCtpMermaid } from './mermaid.js';
export { renderCtpText, type CtpTextOptions } from './text.js';
