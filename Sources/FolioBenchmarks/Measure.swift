import Foundation

/// One benchmark figure: how many times `body` ran in how long.
struct Measurement {
    var name: String
    var iterations: Int
    var seconds: Double
    /// CPU time of the whole process over the same runs: on a machine
    /// shared with other builds, what the runs cost rather than how long
    /// they waited for a core.
    var cpuSeconds: Double

    var perSecond: Double { Double(iterations) / seconds }
}

/// Runs `body` in growing batches until at least `minimumSeconds` have
/// passed, after one untimed warm-up batch, and returns the rate.
func measure(_ name: String, minimumSeconds: Double = 1.0, _ body: () throws -> Void) rethrows
    -> Measurement
{
    try body()
    var iterations = 0
    var batch = 1
    let clock = ContinuousClock()
    let start = clock.now
    let cpuStart = processCPUSeconds()
    var elapsed = 0.0
    while elapsed < minimumSeconds {
        for _ in 0..<batch { try body() }
        iterations += batch
        batch *= 2
        let duration = clock.now - start
        elapsed = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    return Measurement(
        name: name, iterations: iterations, seconds: elapsed, cpuSeconds: processCPUSeconds() - cpuStart)
}

/// CPU seconds this process has used on all its threads.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Prints one figure, with its ratio to a baseline measured in the same run.
func report(_ measurement: Measurement, against baseline: Measurement? = nil, unit: String = "ops") {
    // `%-44@` does not pad on Linux, so the name column is padded here.
    let name = measurement.name.padding(
        toLength: max(44, measurement.name.count), withPad: " ", startingAt: 0)
    var line = name + String(format: " %12.0f %@/s", measurement.perSecond, unit as NSString)
    if let baseline {
        line += String(
            format: "   %.2fx %@", measurement.perSecond / baseline.perSecond, baseline.name as NSString)
    }
    print(line)
}
