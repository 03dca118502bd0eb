/** The folders under DATA_DIR/files that hold facility photos and facility statements (the folder keeps its first name: stored keys name it). */
export const PHOTO_AREA = 'facility-photos';
export const STATEMENT_AREA = 'facility-audits';
