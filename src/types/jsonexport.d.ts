// jsonexport (react-admin's own CSV writer) ships no types; only the callback form is used.
declare module 'jsonexport/dist/index.js' {
  function jsonExport(rows: readonly object[], callback: (error: Error | null, csv: string) => void): void;
  export default jsonExport;
}
