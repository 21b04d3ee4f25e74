/** The `kafka-txn` trace renderings: a call per step, the text timeline, the mermaid sequence diagram. */
export { describeAction, describeEvent, describeEvents, describeRequest } from './describe.js';
export { renderKafkaMermaid } from './mermaid.js';
export { renderKafkaText, type KafkaTextOptions } from './text.js';
