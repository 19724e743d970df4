// A fresh, empty database on a PostgreSQL server (the throw-away cluster of
// supabase/local/scripts/with-postgres.sh, say), and how to drop it afterwards.
import crypto from "node:crypto";
import pg from "pg";

export interface ThrowawayDatabase {
  databaseUrl: string;
  drop: () => Promise<void>;
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
