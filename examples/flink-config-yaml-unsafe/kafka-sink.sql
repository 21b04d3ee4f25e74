-- Seed 002's failing run: a 10 s transaction timeout under 20 s checkpoints. The transaction a
-- checkpoint pre-commits is aborted by the broker before the checkpoint completes.
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
  'properties.transaction.timeout.ms' = '10000'
);
