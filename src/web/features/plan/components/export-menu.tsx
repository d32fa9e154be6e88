import { CalendarDays, Download, FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { planExportHref } from '../api/export-plan';

const FORMATS = [
  ['md', 'Markdown (.md)', FileText],
  ['csv', 'Spreadsheet (.csv)', FileSpreadsheet],
  ['ics', 'Calendar (.ics)', CalendarDays],
] as const;

/** Downloads the whole plan as Markdown, CSV, or an iCalendar file of its due dates. */
export function ExportMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Download /> Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {FORMATS.map(([format, label, Icon]) => (
          <DropdownMenuItem key={format} asChild>
            <a href={planExportHref(format)} download>
              <Icon /> {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
