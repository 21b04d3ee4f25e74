CREATE TABLE clicks_out (
  user_id STRING,
  clicks  BIGINT
) WITH (
  'connector' = 'upsert-kafka',
  'topic' = 'clicks-per-user',
  'properties.bootstrap.servers' = 'broker-1:9092',
  'key.format' = 'json',
  'value.format' = 'json',
  'sink.delivery-guarantee' = 'exactly-once',
  'sink.transactional-id-prefix' = 'clicks-job',
  'properties.transaction.timeout.ms' = '900000'
);
