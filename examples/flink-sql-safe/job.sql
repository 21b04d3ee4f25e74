-- A Flink SQL job, as the SQL client runs it: configuration, source, sink, the INSERT.
SET 'execution.checkpointing.interval' = '20 s';
SET 'execution.checkpointing.mode' = 'EXACTLY_ONCE';

CREATE TABLE orders (
  order_id BIGINT,
  amount   DECIMAL(10, 2)
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'broker-1:9092',
  'properties.group.id' = 'orders-job',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'json'
);

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
  'properties.transaction.timeout.ms' = '600000' /* above checkpoint + restart */
);

INSERT INTO orders_out SELECT order_id, amount FROM orders WHERE amount > 0;
