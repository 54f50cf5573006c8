/**
 * Small JSON documents kept out of the database's reach (the audit checkpoint, upload records):
 * the video store keeps them beside the videos. A write replaces the whole record atomically;
 * reading a missing record answers null.
 */
export interface RecordStore {
  writeRecord(name: string, body: string): Promise<void>;
  readRecord(name: string): Promise<string | null>;
  /** Removes a record; a missing one is not an error. */
  removeRecord(name: string): Promise<void>;
  /** Up to `limit` records whose names start with `prefix`, with their last write (expired uploads are found this way). */
  listRecords(prefix: string, limit: number): Promise<{ name: string; writtenAt: Date }[]>;
}
