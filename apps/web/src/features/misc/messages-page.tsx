import { ArrowLeft, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { MemberPage } from './components/member-page';

interface SampleMessage {
  id: string;
  fromMe: boolean;
  text: string;
  time: string;
}

interface SampleConversation {
  id: string;
  person: { displayName: string; username: string };
  messages: readonly SampleMessage[];
}

/** Static sample conversations (spec part 1: the screen makes no calls). */
export const SAMPLE_CONVERSATIONS: readonly SampleConversation[] = [
  {
    id: 'c1',
    person: { displayName: 'Grace Hopper', username: 'grace' },
    messages: [
      { id: 'm1', fromMe: false, text: 'Did you see the new communities page?', time: '9:12 AM' },
      {
        id: 'm2',
        fromMe: true,
        text: 'Yes! Joining the compilers one right now.',
        time: '9:15 AM',
      },
      { id: 'm3', fromMe: false, text: 'See you there.', time: '9:16 AM' },
    ],
  },
  {
    id: 'c2',
    person: { displayName: 'Alan Turing', username: 'alan' },
    messages: [
      { id: 'm4', fromMe: false, text: 'Thanks for the follow!', time: 'Yesterday' },
      { id: 'm5', fromMe: true, text: 'Your post on puzzles was great.', time: 'Yesterday' },
    ],
  },
  {
    id: 'c3',
    person: { displayName: 'Katherine Johnson', username: 'katherine' },
    messages: [
      { id: 'm6', fromMe: false, text: 'Can you share the slides from the meetup?', time: 'Mon' },
    ],
  },
];

function ConversationList({
  selectedId,
  onSelect,
}: {
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  return (
    <ul aria-label="Conversations">
      {SAMPLE_CONVERSATIONS.map((conversation) => {
        const last = conversation.messages[conversation.messages.length - 1];
        const selected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(conversation.id)}
              className={cn(
                'flex w-full items-center gap-3 border-b border-border px-4 py-3 text-left hover:bg-muted',
                selected && 'bg-muted',
              )}
            >
              <Avatar
                displayName={conversation.person.displayName}
                username={conversation.person.username}
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-semibold">{conversation.person.displayName}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{last?.time}</span>
                </span>
                <span className="block truncate text-sm text-muted-foreground">{last?.text}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ChatPane({
  conversation,
  onBack,
}: {
  conversation: SampleConversation;
  onBack: () => void;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Sample data only: sending just clears the box.
    setDraft('');
  };
  return (
    <section
      aria-label={`Conversation with ${conversation.person.displayName}`}
      className="flex min-h-[60vh] flex-1 flex-col"
    >
      <div className="flex items-center gap-2 border-b border-border px-4 py-3">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Back to conversations"
          onClick={onBack}
        >
          <ArrowLeft className="h-5 w-5" />
        </Button>
        <Avatar
          displayName={conversation.person.displayName}
          username={conversation.person.username}
          size={32}
        />
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{conversation.person.displayName}</h2>
          <p className="truncate text-xs text-muted-foreground">@{conversation.person.username}</p>
        </div>
      </div>
      <ol className="flex flex-1 flex-col gap-2 p-4" aria-label="Messages">
        {conversation.messages.map((message) => (
          <li
            key={message.id}
            className={cn(
              'max-w-[80%] rounded-2xl px-3 py-2 text-sm',
              message.fromMe
                ? 'self-end bg-primary text-primary-foreground'
                : 'self-start bg-muted',
            )}
          >
            <span className="sr-only">
              {message.fromMe ? 'You' : conversation.person.displayName}:{' '}
            </span>
            {message.text}
            <span className="mt-0.5 block text-[10px] opacity-70">{message.time}</span>
          </li>
        ))}
      </ol>
      <form onSubmit={send} className="flex gap-2 border-t border-border p-3">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <Input
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Start a new message"
          autoComplete="off"
          className="rounded-full"
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={draft.trim().length === 0}>
          <Send className="h-4 w-4" />
        </Button>
      </form>
    </section>
  );
}

/** Messages (members): a conversation list and a chat pane, from static sample data. */
export default function MessagesPage() {
  const [selectedId, setSelectedId] = useState(SAMPLE_CONVERSATIONS[0]?.id ?? '');
  const [showChat, setShowChat] = useState(false);
  const conversation = SAMPLE_CONVERSATIONS.find((item) => item.id === selectedId);

  return (
    <MemberPage
      title="Messages"
      note="Sample conversations"
      loginMessage="Please log in to see your messages."
    >
      <div className="flex">
        <div
          className={cn(
            'w-full border-border md:block md:w-64 md:shrink-0 md:border-r',
            showChat && 'hidden',
          )}
        >
          <ConversationList
            selectedId={selectedId}
            onSelect={(id) => {
              setSelectedId(id);
              setShowChat(true);
            }}
          />
        </div>
        {conversation ? (
          <div className={cn('min-w-0 flex-1 md:flex', showChat ? 'flex' : 'hidden')}>
            <ChatPane
              key={conversation.id}
              conversation={conversation}
              onBack={() => setShowChat(false)}
            />
          </div>
        ) : null}
      </div>
    </MemberPage>
  );
}
