/** [start, end) of every comment of a file with extension `ext` ('.ts', '.sql', '.yaml', …). */
export function commentRanges(src: string, ext: string): Array<[number, number]>;
