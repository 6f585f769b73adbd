/**
 * The files the bin writes and reads, and how their failures read: every command writes through a
 * temporary file and a rename (a cut-off write never replaces the previous file), a baseline is written
 * by one run at a time, and a file error is one line naming the file and the cause.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputError } from './args';

const CAUSES: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  // From mkdir: a file stands where a folder of the path should be.
  EEXIST: 'a part of the path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file is larger than this system allows (a file-size limit)',
  EMFILE: 'too many files are open',
};

/** Why a file operation failed, in words: `ENOSPC` reads "the disk is full". */
export function causeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code !== undefined && CAUSES[code]) || (error instanceof Error ? error.message.split('\n')[0] : String(error));
}

/** A file-system error that names its file (Node's `error.path`): the bin prints it as `<file>: <cause>`. */
export function asFileError(error: unknown): InputError | undefined {
  const failed = error as NodeJS.ErrnoException | undefined;
  return typeof failed?.code === 'string' && typeof failed.path === 'string' ? new InputError(path.resolve(failed.path), causeOf(error)) : undefined;
}

/**
 * Writes `text` to `file` through a temporary file beside it and a rename, creating the folder: a write
 * cut off (a full disk, a file-size limit) leaves the previous file as it was. A symbolic link stays a
 * link (its target is replaced); a device or a pipe (`-o /dev/stdout`) is written in place, since a
 * rename would put a plain file where it was. `what` names the file in the error ("the report").
 */
export function writeAtomically(file: string, text: string, what: string): void {
  const target = renameTarget(file);
  if (target === undefined) return writeInPlace(file, text, what);
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(partial, text);
    fs.renameSync(partial, target);
  } catch (error) {
    removeQuietly(partial);
    throw new InputError(file, `cannot write ${what}: ${causeOf(error)}`);
  }
}

/** The path a rename must replace: the file itself, or the file a link points to; undefined for a device or a pipe. */
function renameTarget(file: string): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    // Not there yet (or under a path that is no folder): the rename creates it, or says why it cannot.
    return file;
  }
  if (stat.isFile()) return fs.realpathSync(file);
  // A folder: the rename fails with EISDIR, which says so.
  return stat.isDirectory() ? file : undefined;
}

function writeInPlace(file: string, text: string, what: string): void {
  try {
    fs.writeFileSync(file, text);
  } catch (error) {
    throw new InputError(file, `cannot write ${what}: ${causeOf(error)}`);
  }
}

/** Removes a file if it can: cleaning up after a failed write must not hide why it failed. */
function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // Under a path that is no folder there is nothing to remove.
  }
}

/**
 * Runs `work` while holding `<file>.lock`, created exclusively: a second run on the same file stops
 * with a clear line instead of both saying they wrote it and one write being lost. A lock left by a
 * process that no longer runs is taken over.
 */
export async function withLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const held = (holder: string) =>
    new InputError(file, `another run${holder} is writing it; wait for it to finish (or delete ${path.basename(lock)} if no run is going)`);
  if (!tryLock(lock)) {
    const holder = Number(readLock(lock));
    // An empty lock is one being written this instant: only the lock of a process that is gone is taken over.
    if (!Number.isInteger(holder) || holder <= 0) throw held('');
    if (isRunning(holder)) throw held(` (process ${holder})`);
    takeOver(lock, holder, held);
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Replaces the lock of a process that is gone. Two runs that both found it dead must not both replace it
 * (the second would delete the first one's new lock): only the run that creates `<lock>.takeover` may, and
 * it checks under that guard that the lock is still the dead one.
 */
function takeOver(lock: string, dead: number, held: (holder: string) => InputError): void {
  const guard = `${lock}.takeover`;
  if (!tryLock(guard)) throw new InputError(lock, `another run is taking it over (or delete ${path.basename(guard)} if no run is going)`);
  try {
    const now = fs.existsSync(lock) ? readLock(lock) : undefined;
    if (now !== undefined && Number(now) !== dead) throw held('');
    fs.rmSync(lock, { force: true });
    if (!tryLock(lock)) throw held('');
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

function tryLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new InputError(lock, `cannot create the lock: ${causeOf(error)}`);
  }
}

function readLock(lock: string): string {
  try {
    return fs.readFileSync(lock, 'utf8');
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
