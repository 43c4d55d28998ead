/**
 * The chat module's face to other modules and to the composition files (ARCHITECTURE: a module is
 * imported only through its service.ts or events.ts): the webhook consumer hands it each run of events;
 * the event handlers move a chat message with the state of its outbox row.
 */
export { applyChatEvents, type ChatEventItem } from './ingest';
export { applyChatDeliveryStatus } from './composer-service';
