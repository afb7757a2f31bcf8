// Opening the voice command dialog from the top bar or quick capture without importing it.
import { requestChannel } from "../../lib/request-channel.ts";

const channel = requestChannel("kairo:voice-command");

export const openVoiceCommand = () => channel.request();

export const onVoiceCommandRequest = (open: () => void) => channel.listen(open);
