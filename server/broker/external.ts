/**
 * External-broker mode (MQTT_URL): the app's terminals connect to a shared broker (Mosquitto, EMQX, …)
 * that asks our server who may connect and subscribe (see the /api/broker/* endpoints), and this
 * process publishes the kick there with one mqtt.js client, so it reaches whichever node holds the old
 * terminal. While the broker is unreachable, mqtt.js keeps QoS 1 kicks in its outgoing store and sends
 * them after reconnecting.
 */
import { connect, type MqttClient } from 'mqtt'
import { randomBytes } from 'node:crypto'
import { KICK_PAYLOAD, sessionTopic } from './acl'
import type { KickPublisher } from './types'

export interface ExternalBrokerOptions {
  url: string
  username?: string
  password?: string
}

export class ExternalBroker implements KickPublisher {
  readonly mode = 'external'

  private constructor(private readonly client: MqttClient) {}

  /** Connects in the background: start-up does not wait for (or fail on) the broker. */
  static open(o: ExternalBrokerOptions, log: { warn: (obj: object, msg: string) => void }): ExternalBroker {
    const client = connect(o.url, {
      clientId: `habor-server-${randomBytes(8).toString('hex')}`,
      username: o.username,
      password: o.password,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    })
    let warned = false
    client.on('error', (err) => {
      if (!warned) log.warn({ err: err.message }, 'external MQTT broker: connection failed; kicks wait until it is back')
      warned = true
    })
    client.on('connect', () => {
      warned = false
    })
    return new ExternalBroker(client)
  }

  get connected(): boolean {
    return this.client.connected
  }

  async publishKick(kick: { appId: string; deviceType: string; userId: string }): Promise<void> {
    await this.client.publishAsync(sessionTopic(kick.appId, kick.deviceType, kick.userId), KICK_PAYLOAD, { qos: 1, retain: false })
  }

  async publishNotice(topic: string, payload: string): Promise<void> {
    // QoS 0: a notice missed while the broker was away is in the inbox on the app's next read.
    if (this.client.connected) await this.client.publishAsync(topic, payload, { qos: 0, retain: false })
  }

  /** An external broker's connections end at their token's expiry (its auth calls refuse a revoked token). */
  endSession(): void {}

  async close(): Promise<void> {
    // force: a broker that went away must not hold the server's shutdown open.
    await this.client.endAsync(!this.client.connected)
  }
}
