import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A signed record of where a chain's head stood: anyone who later rewrites history, even with the
 * database's write access and the hashing key, cannot change what was written here.
 */
export interface AuditCheckpoint {
  chain: string;
  seq: number;
  hash: string;
  writtenAt: string;
  /** HMAC-SHA256 over the four fields above, with the checkpoint key. */
  mac: string;
}

/**
 * Where checkpoints are kept: somewhere the database user cannot rewrite. Each checkpoint is a new
 * file or object that is never overwritten; operators may ship the folder elsewhere or use a bucket
 * with object lock.
 */
export interface CheckpointStore {
  readonly location: string;
  write(checkpoint: AuditCheckpoint): Promise<void>;
  list(): Promise<AuditCheckpoint[]>;
}

const fileNameOf = (checkpoint: AuditCheckpoint) =>
  `${encodeURIComponent(checkpoint.chain)}.${String(checkpoint.seq).padStart(12, '0')}.${checkpoint.writtenAt.replace(/[^0-9]/g, '')}.json`;

/** One read-only JSON file per checkpoint in a folder; `wx` refuses to replace an existing one. */
export function createLocalCheckpointStore(dir: string): CheckpointStore {
  return {
    location: dir,
    async write(checkpoint) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, fileNameOf(checkpoint));
      writeFileSync(file, `${JSON.stringify(checkpoint)}\n`, { flag: 'wx', mode: 0o400 });
      chmodSync(file, 0o400);
    },
    async list() {
      let files: string[];
      try {
        files = readdirSync(dir).filter((file) => file.endsWith('.json'));
      } catch {
        return [];
      }
      return files.toSorted().map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as AuditCheckpoint);
    },
  };
}
