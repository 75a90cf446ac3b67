// Scores the README's hand through the C ABI with P/Invoke, as a Unity script would
// (Unity: put libtenbou.so / tenbou.dll under Assets/Plugins). Build and run with Mono:
//   mcs Score.cs -out:score.exe && LD_LIBRARY_PATH=PREFIX/lib mono score.exe
using System;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.RegularExpressions;

static class Tenbou {
    [DllImport("tenbou", CallingConvention = CallingConvention.Cdecl)]
    static extern IntPtr tenbou_score_json(byte[] request, UIntPtr length, out UIntPtr resultLength);
    [DllImport("tenbou", CallingConvention = CallingConvention.Cdecl)]
    static extern void tenbou_free(IntPtr text);
    [DllImport("tenbou", CallingConvention = CallingConvention.Cdecl)]
    static extern IntPtr tenbou_version();

    // The request's JSON text in, the result's JSON text out (UTF-8 both ways).
    public static string ScoreJson(string request) {
        byte[] bytes = Encoding.UTF8.GetBytes(request);
        IntPtr result = tenbou_score_json(bytes, (UIntPtr)bytes.Length, out UIntPtr length);
        if (result == IntPtr.Zero) throw new OutOfMemoryException();
        try {
            byte[] text = new byte[(int)length];
            Marshal.Copy(result, text, 0, text.Length);
            return Encoding.UTF8.GetString(text);
        } finally {
            tenbou_free(result);
        }
    }

    public static string Version => Marshal.PtrToStringAnsi(tenbou_version());

    static void Main() {
        string result = ScoreJson("{\"hand\":\"234567m234p55s678s\",\"win_tile\":\"5m\",\"tsumo\":true," +
                                  "\"riichi\":true,\"seat_wind\":\"S\",\"dora_indicators\":\"4m\"}");
        Console.WriteLine("tenbou " + Version + ": total " + Regex.Match(result, "\"total\":(\\d+)").Groups[1].Value);
    }
}
