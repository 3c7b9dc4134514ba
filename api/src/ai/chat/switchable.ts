import type { ChatProvider, ChoiceAnswer, ChoiceRequest, JudgeMaterial, SuggestRequest, SummariseRequest, TurnEvent, TurnRequest } from './types';

/**
 * A chat provider whose target can be changed while the process runs: the browser tests point one journey at a
 * loopback fake model and put the configured provider back after it (`POST /api/dev/chat_model`, DEV_CHAT_SWITCH,
 * never in production). A turn keeps the provider it started with.
 */
export class SwitchableChat implements ChatProvider {
  private current: ChatProvider;

  constructor(private readonly configured: ChatProvider) {
    this.current = configured;
  }

  get mode(): ChatProvider['mode'] {
    return this.current.mode;
  }

  get model(): string {
    return this.current.model;
  }

  /** Uses `provider` from now on; none: the configured one again. */
  use(provider: ChatProvider | null): void {
    this.current = provider ?? this.configured;
  }

  /** The current provider's, for one turn (a turn keeps the provider it started with). */
  forModel(model: string): ChatProvider {
    return this.current.forModel?.(model) ?? this.current;
  }

  streamTurn(request: TurnRequest): AsyncIterable<TurnEvent> {
    return this.current.streamTurn(request);
  }

  judge(material: JudgeMaterial, signal?: AbortSignal): ReturnType<ChatProvider['judge']> {
    return this.current.judge(material, signal);
  }

  summarise(request: SummariseRequest): Promise<string> {
    return this.current.summarise(request);
  }

  suggest(request: SuggestRequest): Promise<string[]> {
    return this.current.suggest(request);
  }

  judgeChoice(request: ChoiceRequest): Promise<ChoiceAnswer> {
    return this.current.judgeChoice(request);
  }
}
