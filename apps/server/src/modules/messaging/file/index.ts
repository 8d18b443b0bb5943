// The public surface of file: what other domains may use (ADR 0009).
export { files } from './file.tables.js';
export { deleteFile, insertFile, ownFiles, setFileSize } from './file.repository.js';
export { FileService, fileUrlOf } from './file.service.js';
