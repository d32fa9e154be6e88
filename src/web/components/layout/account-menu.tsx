import {
  Bot,
  Brain,
  LayoutDashboard,
  Library,
  ListChecks,
  ListVideo,
  LogOut,
  Menu,
  Shield,
  Sparkles,
  User,
} from 'lucide-react';
import { AppLink as Link } from '../../lib/link';
import { paths } from '../../lib/paths';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import type { HeaderSession } from './site-header';

export default function AccountMenu({
  session,
  pathname,
  onSignOut,
}: {
  session: HeaderSession;
  pathname: string;
  onSignOut: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label="Account menu">
          <Menu />
          <span className="hidden max-w-40 truncate sm:inline">{session.name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <div className="px-2 py-1.5 text-xs text-muted-foreground">{session.email}</div>
        <DropdownMenuSeparator />
        {session.subscribed ? (
          <>
            <DropdownMenuItem asChild className="sm:hidden">
              <Link to={paths.dashboard.href()}>
                <LayoutDashboard /> Dashboard
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild className="sm:hidden">
              <Link to={paths.suggestions.href()}>
                <Sparkles /> Suggestions
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.savedChats.href()}>
                <Library /> Saved Chats
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.plan.href()}>
                <ListChecks /> My Plan
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.memory.href()}>
                <Brain /> What Vidvisor knows
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
        {pathname !== paths.onboarding.path ? (
          <DropdownMenuItem asChild>
            <Link to={paths.profile.href()}>
              <User /> Profile
            </Link>
          </DropdownMenuItem>
        ) : null}
        {session.isSuperAdmin ? (
          <>
            <DropdownMenuItem asChild>
              <Link to={paths.admin.href()}>
                <Shield /> Admin
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.adminAssistant.href()}>
                <Bot /> AI Assistant
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.adminSuggestions.href()}>
                <ListVideo /> Weekly Picks
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
