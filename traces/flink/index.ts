/** The `flink-kafka` trace renderings: the text timeline and the mermaid sequence diagram. */
export { describeFlinkAction, describeFlinkEvent, describeFlinkEvents, describeKafkaEvent } from './describe.js';
export { renderFlinkMermaid } from './mermaid.js';
export { renderFlinkText, type FlinkTextOptions } from './text.js';
