-- 006: the life of a match around the game. A seat may carry a display name (cleaned and
-- length-limited by the server; shown to everyone, never used for authentication), and a
-- finished match may link to its rematch: the share code of the match created, seats
-- swapped, when both players agreed to play again (set once, never replaced).
ALTER TABLE seats ADD COLUMN name TEXT;
ALTER TABLE matches ADD COLUMN rematch TEXT CHECK (rematch IS NULL OR length(rematch) = 6);
