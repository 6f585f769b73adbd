/**
 * The files the bin writes and reads, and how their failures read: every command writes as an editor
 * saves (a whole temporary file first, so a cut-off write never replaces the previous file; mode, owner
 * and links kept), a baseline or a description is written by one run at a time, and a file error is one
 * line naming the file and the cause.
 */
import { createHash } from 'node:crypto';
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

/** Why a file could not be read, as one line naming it: the words every command uses for a description. */
export function readError(file: string, error: unknown): InputError {
  if (error instanceof InputError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new InputError(file, code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : causeOf(error));
}

/** A file as one run read it: its identity, size and time, and a hash of its bytes. */
export interface Snapshot {
  text: string;
  ino: number;
  size: number;
  mtimeMs: number;
  hash: string;
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What a file's kind is called where only a regular file will do; undefined for a regular file. */
function irregularKind(stat: fs.Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return stat.isSocket() ? 'a socket' : 'not a regular file';
}

/** Refuses, before anything reads or locks it, a path that is missing or not a regular file (a pipe could block for ever, a device never end). */
export function refuseIrregular(file: string): void {
  let kind: string | undefined;
  try {
    kind = irregularKind(fs.statSync(file));
  } catch (error) {
    throw readError(file, error);
  }
  if (kind !== undefined) throw new InputError(file, `is ${kind}, not a regular file; point at the description's file`);
}

/** Reads a regular file with what tells whether it changed later: a command that writes it back compares them first. */
export function readSnapshot(file: string): Snapshot {
  try {
    refuseIrregular(file);
    const bytes = fs.readFileSync(file);
    const stat = fs.statSync(file);
    return { text: bytes.toString('utf8'), ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs, hash: hashOf(bytes) };
  } catch (error) {
    throw readError(file, error);
  }
}

/** Whether the file is still the one read: the same inode, size and time, and the same bytes. */
function isUnchanged(file: string, read: Snapshot): boolean {
  const stat = statOf(file);
  if (stat === undefined || stat.ino !== read.ino || stat.size !== read.size || stat.mtimeMs !== read.mtimeMs) return false;
  return hashOf(fs.readFileSync(file)) === read.hash;
}

/**
 * Writes `text` to `file` as an editor saves, creating the folder. The whole text goes to a temporary file
 * beside it first, so a write cut off (a full disk, a file-size limit) leaves the previous file as it was.
 * The temporary file then replaces the file by a rename, which no crash can leave half-done, with the
 * file's mode and owner; where a rename would lose something (a hard link, an owner this user cannot
 * give), its text is copied into the file in place instead, as Vim's `backupcopy=auto` does. A symbolic
 * link stays a link (its target is written); a device or a pipe (`-o /dev/stdout`) is written in place;
 * a read-only file is refused. `what` names the file in the error ("the report").
 */
export function writeAtomically(file: string, text: string, what: string, unchangedSince?: Snapshot): void {
  const target = renameTarget(file);
  if (target === undefined) return writeInPlace(file, text, what);
  const existing = statOf(target);
  if (existing !== undefined && isReadOnly(target, existing))
    throw new InputError(file, `cannot write ${what}: the file is read-only (mode ${modeText(existing)}); make it writable first`);
  removeStaleTemporaries(target);
  const partial = temporaryOf(target, process.pid);
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const keptOwner = writeTemporary(partial, text, existing);
    // Last, just before the rename: what another process (an editor, a generator) wrote meanwhile is not lost.
    if (unchangedSince !== undefined && !isUnchanged(target, unchangedSince)) throw new InputError(file, 'changed while fix ran; run it again');
    if (existing === undefined || (existing.nlink === 1 && keptOwner)) fs.renameSync(partial, target);
    else copyInPlace(target, text);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(file, `cannot write ${what}: ${causeOf(error)}`);
  } finally {
    removeQuietly(partial);
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

/** The file's status if it is a plain file already there. */
function statOf(file: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    // Not there, or under a path that is no folder: the write says why.
    return undefined;
  }
}
const modeText = (stat: fs.Stats) => `0${(stat.mode & 0o777).toString(8)}`;

/** No write bit at all (which even root honours here: the user marked it so), or none for this user. */
function isReadOnly(file: string, stat: fs.Stats): boolean {
  if ((stat.mode & 0o222) === 0) return true;
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/** `.<name>.<process id>.tmp` beside the file: hidden, and naming the run that writes it. */
const temporaryOf = (target: string, pid: number) => path.join(path.dirname(target), `.${path.basename(target)}.${pid}.tmp`);

/** The temporary files a run that no longer runs left beside `target` (killed while writing): nothing else would remove them. This process has none yet. */
function removeStaleTemporaries(target: string): void {
  const name = path.basename(target);
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(target));
  } catch {
    return;
  }
  for (const candidate of names) {
    const pid = candidate.startsWith(`.${name}.`) && candidate.endsWith('.tmp') ? Number(candidate.slice(name.length + 2, -4)) : Number.NaN;
    if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || !isRunning(pid))) removeQuietly(temporaryOf(target, pid));
  }
}

/**
 * The whole text, flushed to disk, in a new file with the mode and owner of the file it replaces: true
 * when both are kept (the owner can be given only by root, or when it is already this user's).
 */
function writeTemporary(partial: string, text: string, existing: fs.Stats | undefined): boolean {
  const fd = fs.openSync(partial, 'wx', existing === undefined ? 0o666 : existing.mode & 0o7777);
  try {
    // writeFileSync on a descriptor writes until all is written (one writeSync may write part, as at a file-size limit).
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
    if (existing === undefined) return true;
    fs.fchmodSync(fd, existing.mode & 0o7777);
    const own = fs.fstatSync(fd);
    if (own.uid === existing.uid && own.gid === existing.gid) return true;
    try {
      fs.fchownSync(fd, existing.uid, existing.gid);
      return true;
    } catch {
      return false;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The text written over the file itself, which keeps its inode: its links, owner, mode and attributes.
 * The whole text has just been written beside it, so a failure here is rare; if one comes, the previous
 * text is written back.
 */
function copyInPlace(target: string, text: string): void {
  const previous = fs.readFileSync(target);
  try {
    fs.writeFileSync(target, text);
  } catch (error) {
    try {
      fs.writeFileSync(target, previous);
    } catch {
      // The first failure is the one to report.
    }
    throw error;
  }
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
  const release = () => fs.rmSync(lock, { force: true });
  const releaseOnSignal = (signal: NodeJS.Signals) => {
    release();
    forgetSignals();
    // Die of the signal, as without a handler: the shell sees the run killed, not finished.
    process.kill(process.pid, signal);
  };
  const forgetSignals = () => {
    for (const signal of RELEASING_SIGNALS) process.off(signal, releaseOnSignal);
  };
  for (const signal of RELEASING_SIGNALS) process.once(signal, releaseOnSignal);
  try {
    return await work();
  } finally {
    forgetSignals();
    release();
  }
}

/** The signals that end a run (Ctrl-C, `kill`, a closed terminal): a lock must not outlive it. */
const RELEASING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

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
