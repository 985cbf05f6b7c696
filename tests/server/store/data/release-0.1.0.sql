PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE schema_version ( version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ms INTEGER NOT NULL);
INSERT INTO schema_version VALUES(1,'001_init.sql',1796118366035);
INSERT INTO schema_version VALUES(2,'002_idle_matches.sql',1796118366036);
CREATE TABLE matches (
  id              INTEGER PRIMARY KEY,
  code            TEXT    NOT NULL UNIQUE CHECK (length(code) = 6),
  game            TEXT    NOT NULL,
  options         TEXT    NOT NULL DEFAULT '{}',          -- JSON object
  seed            TEXT    NOT NULL,                       -- unsigned 64-bit, decimal; secret
  start_position  TEXT,                                   -- JSON, NULL = the game's standard set-up
  visibility      TEXT    NOT NULL CHECK (visibility IN ('public', 'unlisted')),
  status          TEXT    NOT NULL CHECK (status IN ('waiting', 'live', 'finished')),
  outcome         TEXT,                                   -- JSON, NULL until finished
  created_ms      INTEGER NOT NULL,
  updated_ms      INTEGER NOT NULL,                       -- last logged change (or creation)
  finished_ms     INTEGER NOT NULL DEFAULT 0,             -- 0 while unfinished
  last_version    INTEGER NOT NULL DEFAULT 0              -- highest version in the action log
);
INSERT INTO matches VALUES(1,'ZEU2B5','taixu','{}','16736575090410037182',NULL,'public','finished','{"reason":"resign","winner":1}',1796118366089,1796118366316,1796118366316,13);
INSERT INTO matches VALUES(2,'YQP8DG','taixu','{}','15645870559114937574',NULL,'public','finished','{"reason":"agreement","winner":null}',1796118366333,1796118366386,1796118366386,4);
INSERT INTO matches VALUES(3,'UXTHQU','taixu','{}','16808517492188876589',NULL,'public','finished','{"reason":"abandoned","winner":null}',1796118366393,1796118367540,1796118367540,3);
INSERT INTO matches VALUES(4,'M26P46','taixu','{}','11183388331233762496',NULL,'public','live',NULL,1796118367652,1796118367716,0,9);
INSERT INTO matches VALUES(5,'CN2VCF','taixu','{}','13254466831961775362',NULL,'public','waiting',NULL,1796118367725,1796118367725,0,0);
CREATE TABLE seats (
  match_id    INTEGER NOT NULL REFERENCES matches (id),
  seat        INTEGER NOT NULL CHECK (seat IN (1, 2)),
  token_hash  TEXT    NOT NULL CHECK (length(token_hash) = 64),  -- hex SHA-256 of the token
  PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
INSERT INTO seats VALUES(1,1,'eaf035748c4c276c0b1d3f8d5644d40341be6ecffd122588523ff497be705b2e');
INSERT INTO seats VALUES(1,2,'0e934dde861dc0acd3c3b33b98cfe0c64a9738fe69b551877a0c34f1ac859a21');
INSERT INTO seats VALUES(2,1,'d15332c2c336f5c334359c0c4d0ce51f367b23e86193b49a65819e14dca175bf');
INSERT INTO seats VALUES(2,2,'d6fb6247e839c0bd6d550f72ce7a4c5372e25a4a5918c1cd203da0f185ac9722');
INSERT INTO seats VALUES(3,1,'f69862a41e47fe32963277ef35dd7931acffc04a774db4ebb1f6ca5e61b7c6b8');
INSERT INTO seats VALUES(3,2,'55023119bcf52a7d885199987cc19318e5c5c51df9fe5dcc8bc5b436a086a427');
INSERT INTO seats VALUES(4,1,'43d6a788ceddb5316e06c05cfb76978c1031491d02c45ab773d37306a4d18ec1');
INSERT INTO seats VALUES(4,2,'ba90954d0453f9f7f3c5c5e88ea31740b4b7b4a5ded5093b8a03fcf6f9b3a198');
INSERT INTO seats VALUES(5,1,'726d6d133c97b8ec531ffe4ffef401dea15da443d35cb988ef7c85cb1cabbdb5');
CREATE TABLE actions (
  match_id  INTEGER NOT NULL REFERENCES matches (id),
  version   INTEGER NOT NULL CHECK (version >= 1),
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1, 2)),        -- 0 = the server
  action    TEXT    NOT NULL,                                 -- JSON
  at_ms     INTEGER NOT NULL,
  PRIMARY KEY (match_id, version)
) WITHOUT ROWID;
INSERT INTO actions VALUES(1,1,1,'{"cost":2,"to":"d8","type":"summon"}',1796118366187);
INSERT INTO actions VALUES(1,2,1,'{"at":"d8","cost":2,"type":"stabilize"}',1796118366208);
INSERT INTO actions VALUES(1,3,1,'{"cost":1,"from":"d8","to":"d7","type":"move"}',1796118366209);
INSERT INTO actions VALUES(1,4,2,'{"cost":2,"to":"g1","type":"summon"}',1796118366216);
INSERT INTO actions VALUES(1,5,2,'{"cost":1,"from":"g1","to":"g2","type":"move"}',1796118366224);
INSERT INTO actions VALUES(1,6,2,'{"cost":2,"to":"g1","type":"summon"}',1796118366232);
INSERT INTO actions VALUES(1,7,1,'{"cost":1,"from":"d7","to":"d6","type":"move"}',1796118366240);
INSERT INTO actions VALUES(1,8,1,'{"cost":2,"to":"a8","type":"summon"}',1796118366248);
INSERT INTO actions VALUES(1,9,1,'{"cost":2,"to":"e8","type":"summon"}',1796118366260);
INSERT INTO actions VALUES(1,10,2,'{"cost":1,"from":"g2","to":"f2","type":"move"}',1796118366276);
INSERT INTO actions VALUES(1,11,2,'{"cost":1,"from":"f2","to":"d4","type":"move"}',1796118366285);
INSERT INTO actions VALUES(1,12,2,'{"cost":1,"from":"g1","to":"h1","type":"move"}',1796118366300);
INSERT INTO actions VALUES(1,13,2,'{"seat":2,"type":"resign"}',1796118366316);
INSERT INTO actions VALUES(2,1,1,'{"cost":2,"to":"d8","type":"summon"}',1796118366360);
INSERT INTO actions VALUES(2,2,1,'{"at":"d8","cost":2,"type":"stabilize"}',1796118366372);
INSERT INTO actions VALUES(2,3,1,'{"cost":1,"from":"d8","to":"d7","type":"move"}',1796118366380);
INSERT INTO actions VALUES(2,4,2,'{"type":"draw_agreed"}',1796118366386);
INSERT INTO actions VALUES(3,1,1,'{"cost":2,"to":"d8","type":"summon"}',1796118366412);
INSERT INTO actions VALUES(3,2,1,'{"at":"d8","cost":2,"type":"stabilize"}',1796118366420);
INSERT INTO actions VALUES(3,3,0,'{"type":"abandoned","winner":null}',1796118367540);
INSERT INTO actions VALUES(4,1,1,'{"cost":2,"to":"d8","type":"summon"}',1796118367663);
INSERT INTO actions VALUES(4,2,1,'{"at":"d8","cost":2,"type":"stabilize"}',1796118367667);
INSERT INTO actions VALUES(4,3,1,'{"cost":1,"from":"d8","to":"d7","type":"move"}',1796118367671);
INSERT INTO actions VALUES(4,4,2,'{"cost":2,"to":"g1","type":"summon"}',1796118367675);
INSERT INTO actions VALUES(4,5,2,'{"cost":1,"from":"g1","to":"g2","type":"move"}',1796118367679);
INSERT INTO actions VALUES(4,6,2,'{"cost":2,"to":"g1","type":"summon"}',1796118367683);
INSERT INTO actions VALUES(4,7,1,'{"cost":1,"from":"d7","to":"d6","type":"move"}',1796118367700);
INSERT INTO actions VALUES(4,8,1,'{"cost":2,"to":"a8","type":"summon"}',1796118367707);
INSERT INTO actions VALUES(4,9,1,'{"cost":2,"to":"e8","type":"summon"}',1796118367716);
CREATE INDEX matches_listing ON matches (visibility, status, game, created_ms DESC);
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
  SELECT RAISE(ABORT, 'actions are append-only');
END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
  SELECT RAISE(ABORT, 'actions are append-only');
END;
CREATE INDEX matches_idle ON matches (status, updated_ms);
COMMIT;
