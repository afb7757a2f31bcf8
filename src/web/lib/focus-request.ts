// "Start a focus session" from elsewhere (a voice command) for the Pomodoro panel, which starts its
// timer when it is on the page and idle.
import { requestChannel } from "./request-channel.ts";

const channel = requestChannel("kairo:start-focus");

export const requestFocusSession = () => channel.request();

export const onFocusSessionRequest = (start: () => void) => channel.listen(start);
