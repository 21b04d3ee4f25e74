-- The job's Kafka sink: one transaction per checkpoint, a timeout above checkpoint + restart.
CREATE TABLE orders_out (
  order_id BIGINT,
  amount   DECIMAL(10, 2)
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders-out',
  'properties.bootstrap.servers' = 'broker-1:9092',
  'format' = 'json',
  'sink.delivery-guarantee' = 'exactly-once',
  'sink.transactional-id-prefix' = 'orders-job',
  'properties.transaction.timeout.ms' = '600000'
);
