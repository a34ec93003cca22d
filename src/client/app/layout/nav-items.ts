import {
  Banknote,
  Building2,
  CalendarDays,
  Clock,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Settings,
} from 'lucide-react';
import { appPaths } from '../routes';

export type NavItem = { href: string; label: string; icon: LucideIcon };

export const navItems: NavItem[] = [
  { href: appPaths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { href: appPaths.employers, label: 'Employers', icon: Building2 },
  { href: appPaths.workLogs, label: 'Work Logs', icon: Clock },
  { href: appPaths.calendar, label: 'Calendar', icon: CalendarDays },
  { href: appPaths.timesheetReports, label: 'Timesheet Reports', icon: FileText },
  { href: appPaths.pay, label: 'Pay', icon: Banknote },
  { href: appPaths.settings, label: 'Settings', icon: Settings },
];
