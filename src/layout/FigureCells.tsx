import { TableCell } from '@mui/material';

/** A plain table row's figures (kg, counts), each in a right-aligned cell under its TableHeadings `figure` heading. */
export function FigureCells({ figures }: { figures: readonly string[] }) {
  return (
    <>
      {figures.map((figure, index) => (
        // a row's figures are positional: each stands under its column's heading
        <TableCell key={index} align="right">
          {figure}
        </TableCell>
      ))}
    </>
  );
}
