-- Super → Users search at 1 million users (docs/superuser.md): a scratch database with generated users, the
-- migration's three search indexes, and the searches the pgbench script draws from. Drop it afterwards:
--   psql -h 127.0.0.1 -U postgres -f bench/sql/superuser-search-setup.sql
--   pgbench -h 127.0.0.1 -U postgres -n -M simple -c 1 -T 20 -l -D page=0 \
--     -f bench/sql/superuser-search.pgb superuser_search_scratch
--   psql -h 127.0.0.1 -U postgres -c 'DROP DATABASE superuser_search_scratch'
DROP DATABASE IF EXISTS superuser_search_scratch;
CREATE DATABASE superuser_search_scratch;
\c superuser_search_scratch
CREATE TABLE users (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), email text NOT NULL, first_name text NOT NULL,
  last_name text NOT NULL, superuser boolean NOT NULL DEFAULT false, email_verified_at timestamptz,
  disabled_at timestamptz, created_at timestamptz NOT NULL DEFAULT now());
-- 26 first names and 16 last names with random suffixes: common prefixes match tens of thousands of rows, and
-- each e-mail starts with its first name (the matches of a name sit together, far along the e-mail index).
INSERT INTO users (email, first_name, last_name, email_verified_at)
SELECT lower(f || '.' || l || g || '@' || (ARRAY['example.com','mail.org','school.edu','nurse.net'])[1 + g % 4]), f, l, now()
FROM generate_series(1, 1000000) g,
LATERAL (SELECT (ARRAY['Ada','Ben','Carla','David','Emma','Frank','Grace','Hugo','Iris','John','Kate','Liam','Maria',
    'Noah','Olga','Paul','Quinn','Rosa','Sam','Tara','Uma','Victor','Wendy','Xavier','Yara','Zoe'])[1 + (g * 7) % 26]
    || substr(md5(g::text), 1, 2) AS f,
  (ARRAY['Smith','Jones','Brown','Garcia','Miller','Davis','Lopez','Wilson','Taylor','Moore','Lee','Walker','Young',
    'King','Wright','Hill'])[1 + (g * 13) % 16] || substr(md5((g + 1)::text), 1, 3) AS l) n;
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_email_search_idx ON users ((lower(email) COLLATE "C"), id);
CREATE INDEX users_full_name_search_idx ON users ((lower(first_name || ' ' || last_name) COLLATE "C"), id);
CREATE INDEX users_last_name_search_idx ON users ((lower(last_name) COLLATE "C"), id);
VACUUM ANALYZE users;
-- 1,200 searches: starts (1 to 14 characters) of sampled e-mails, full names and last names, 100 single
-- letters, and 100 that match nothing.
CREATE TABLE prefixes (id serial PRIMARY KEY, p text NOT NULL);
INSERT INTO prefixes (p)
SELECT left(CASE k % 3 WHEN 0 THEN email WHEN 1 THEN lower(first_name || ' ' || last_name) ELSE lower(last_name) END,
  1 + (k % 14)::int)
FROM (SELECT row_number() OVER () AS k, * FROM users TABLESAMPLE SYSTEM (1) LIMIT 1000) s;
INSERT INTO prefixes (p) SELECT 'zq' || g FROM generate_series(1, 100) g;
INSERT INTO prefixes (p) SELECT chr(97 + g % 26) FROM generate_series(1, 100) g;
ANALYZE prefixes;
