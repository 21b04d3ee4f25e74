export { streamsConfig, streamsKeys, type ProcessingGuarantee } from './config.js';
export { kafkaStreamsModel } from './model.js';
export { changelogCount } from './store.js';
