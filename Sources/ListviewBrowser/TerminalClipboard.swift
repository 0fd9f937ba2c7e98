/// Text put on the clipboard through the terminal: OSC 52, `ESC ] 52 ; c ; <base64> BEL`,
/// which xterm, kitty, WezTerm, iTerm2, foot, Windows Terminal and tmux understand, over ssh
/// too, with nothing to install.
///
/// Inside tmux (`$TMUX` set) the sequence goes twice: as it is, which tmux takes into a paste
/// buffer and passes on to the outer terminal when `set-clipboard` is `on`; and wrapped in
/// tmux's DCS passthrough (`ESC P tmux; … ESC \`, each ESC inside doubled), which reaches the
/// outer terminal when `allow-passthrough` is `on`. Whichever tmux refuses it drops.
enum TerminalClipboard {
    /// The bytes that put `text` on the clipboard.
    static func sequence(for text: String, insideTmux: Bool) -> [UInt8] {
        let osc52 = Array("\u{1B}]52;c;\(base64(Array(text.utf8)))\u{07}".utf8)
        guard insideTmux else { return osc52 }
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        for byte in osc52 {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        wrapped += Array("\u{1B}\\".utf8)
        return osc52 + wrapped
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 (RFC 4648, with `=` padding).
    static func base64(_ bytes: [UInt8]) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for place in 0..<4 {
                encoded.append(place <= count ? alphabet[Int(group >> UInt32(18 - 6 * place)) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
