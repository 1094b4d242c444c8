import Foundation
import Testing

@testable import FolioHTTP

/// Streams of one address stop at `maxStreamsPerAddress`, streams in all
/// below the connection cap, and a reader that never reads is dropped once
/// the kernel holds the output limit for it (issue 24, items 4 and 5).
@Suite(.serialized) struct StreamCapTests {
    @Test func slotsStopAtTheAddressCapAndTheServerCapAndComeBack() {
        let slots = StreamSlots(perAddress: 2, total: 3)
        #expect(slots.take(for: "a") == nil && slots.take(for: "a") == nil)
        #expect(slots.take(for: "a") == .addressFull)
        #expect(slots.take(for: "b") == nil)
        #expect(slots.take(for: "c") == .serverFull)
        slots.release(for: "a")
        #expect(slots.take(for: "c") == nil)
        #expect(StreamSlots.total(ofConnections: 200) == 180)
        #expect(StreamSlots.total(ofConnections: 5) == 4)
    }

    @Test func aStreamPastTheAddressCapGets429WithRetryAfterAndAFreedSlotIsGivenAgain() throws {
        try withStreamServer(changing(\.maxStreamsPerAddress, to: 2)) { port, hub, _ in
            let first = try streamingClient(port: port)
            let second = try streamingClient(port: port)
            let extra = try LoopbackClient(port: port)
            extra.send(getRequest("/stream"))
            let refused = try #require(extra.readResponse())
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"] == "10")
            #expect(String(decoding: refused.body, as: UTF8.self).hasPrefix("Too many event streams"))
            #expect(extra.isClosedByServer())
            #expect(hub.startedCount == 2)
            // Pages are still answered on a new connection from the same address.
            let page = try LoopbackClient(port: port)
            page.send(getRequest("/page"))
            #expect(page.readResponse()?.status == 200)
            first.reset()
            #expect(hub.nextEnd(seconds: 2) == .clientClosed)
            let third = try streamingClient(port: port)
            #expect(hub.startedCount == 3)
            withExtendedLifetime((second, third)) {}
        }
    }

    @Test func aReaderThatNeverReadsIsDroppedOnceTheKernelHoldsTheLimit() throws {
        try withStreamServer { port, hub, _ in
            let stalled = try LoopbackClient(port: port, receiveBuffer: 4096)
            stalled.send(getRequest("/stream"))
            let stream = try #require(hub.nextStream())
            let panel = [UInt8](repeating: UInt8(ascii: "x"), count: 60_000)
            var sent = 0
            // Paced, so each panel leaves the queue for the kernel before the next.
            while sent < 20, stream.send(panel) {
                sent += 1
                usleep(50_000)
            }
            #expect(sent <= 5, "the stalled reader was never dropped")
            #expect(hub.nextEnd() == .stalled)
        }
    }
}
