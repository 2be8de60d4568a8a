-- One ticket redemption in one statement, as PlaytimeFleet sends it when the replay guard and the budget ledger
-- share a database (docs/fleet.md): playtime_redeem consumes, grants and records the payment in one round trip
-- and one commit. The same values as scripts/fleet/redeem.sql and `PlaytimeBenchmarks fleet --mode once`: nonce
-- a‖b (big-endian), session "s<a>-<b>", player "<prefix>-<0…99999>", 750 gold asked under a limit of 10^12.
-- PREFIX is a number (the simple protocol splices it into the text unquoted).
-- Run: pgbench -n [-M simple|extended|prepared] -f scripts/fleet/redeem-once.sql -D prefix=PREFIX -c N -j N -T S DBNAME
\set a random(1, 4611686018427387903)
\set b random(1, 4611686018427387903)
\set p random(0, 99999)
SELECT outcome, granted, ledger_time, paid_at FROM playtime_redeem(int8send(:a) || int8send(:b), 9000000000000000000, convert_to(:prefix || '-' || :p, 'UTF8'), convert_to('s' || :a || '-' || :b, 'UTF8'), 9000000000000000000, 1796094000000000000, 750, 1000000000000);
