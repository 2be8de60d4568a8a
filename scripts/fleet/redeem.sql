-- One ticket redemption's store calls, as PlaytimeFleet makes them (docs/fleet.md): the replay guard's
-- playtime_consume, then the budget ledger's playtime_grant. The same values as `PlaytimeBenchmarks fleet
-- --mode stores`: nonce a‖b (big-endian), session "s<a>-<b>", player "<prefix>-<0…99999>", 750 gold asked.
-- PREFIX is a number (the simple protocol splices it into the text unquoted).
-- Run: pgbench -n [-M simple|extended|prepared] -f scripts/fleet/redeem.sql -D prefix=PREFIX -c N -j N -T S DBNAME
\set a random(1, 4611686018427387903)
\set b random(1, 4611686018427387903)
\set p random(0, 99999)
SELECT playtime_consume(int8send(:a) || int8send(:b), 9000000000000000000, convert_to(:prefix || '-' || :p, 'UTF8'), convert_to('s' || :a || '-' || :b, 'UTF8'), 9000000000000000000, 1796094000000000000);
SELECT granted, ledger_time FROM playtime_grant(convert_to(:prefix || '-' || :p, 'UTF8'), 750, 1000000000000, 1796094000000000000);
